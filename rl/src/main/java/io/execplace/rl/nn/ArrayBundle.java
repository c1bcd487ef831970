package io.execplace.rl.nn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.AtomicFiles;
import io.execplace.core.io.InputFileException;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * Named arrays plus a JSON metadata object, stored as one binary file: the format of trained agents
 * and training checkpoints (no Java serialization). Layout, all numbers big-endian:
 *
 * <pre>
 * magic     8 bytes   "XPLACERL"
 * version   int32     {@value #FORMAT_VERSION}
 * kind      UTF       e.g. "model" or "checkpoint" (Java modified UTF-8: uint16 length + bytes)
 * metadata  int32 n, then n bytes of UTF-8 JSON (an object)
 * count     int32     number of arrays
 * each array:
 *   name    UTF
 *   type    1 byte    'D' float64, 'J' int64, 'B' byte
 *   length  int32     number of elements
 *   values  length × 8 (D, J) or length × 1 (B) bytes
 * crc       int64     CRC-32 of every byte before it
 * </pre>
 *
 * Files are written atomically ({@link AtomicFiles}); reading checks the magic, the version and the
 * checksum and names the file and the problem in its error.
 */
public final class ArrayBundle {

    /** The format version this build writes and reads. */
    public static final int FORMAT_VERSION = 1;
    private static final byte[] MAGIC = "XPLACERL".getBytes(StandardCharsets.US_ASCII);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String kind;
    private final ObjectNode metadata;
    private final Map<String, Object> arrays = new LinkedHashMap<>();
    private final String source;

    /** An empty bundle of the given kind. */
    public ArrayBundle(String kind) {
        this(kind, JSON.createObjectNode(), "(in memory)");
    }

    private ArrayBundle(String kind, ObjectNode metadata, String source) {
        this.kind = kind;
        this.metadata = metadata;
        this.source = source;
    }

    public String kind() {
        return kind;
    }

    /** The metadata object (live: add fields to it before writing). */
    public ObjectNode metadata() {
        return metadata;
    }

    /** Where the bundle was read from (for error messages). */
    public String source() {
        return source;
    }

    public ArrayBundle put(String name, double[] values) {
        arrays.put(name, values.clone());
        return this;
    }

    public ArrayBundle put(String name, long[] values) {
        arrays.put(name, values.clone());
        return this;
    }

    public ArrayBundle put(String name, byte[] values) {
        arrays.put(name, values.clone());
        return this;
    }

    public boolean has(String name) {
        return arrays.containsKey(name);
    }

    public Set<String> names() {
        return arrays.keySet();
    }

    /** The named float64 array; fails naming the file when it is missing or of another type. */
    public double[] doubles(String name) {
        return get(name, double[].class);
    }

    public long[] longs(String name) {
        return get(name, long[].class);
    }

    public byte[] bytes(String name) {
        return get(name, byte[].class);
    }

    /** The named float64 array, which must have exactly {@code length} elements. */
    public double[] doubles(String name, int length) {
        double[] d = doubles(name);
        if (d.length != length) {
            throw new InputFileException(source, 0, name, "expected " + length + " values, found " + d.length);
        }
        return d;
    }

    private <T> T get(String name, Class<T> type) {
        Object a = arrays.get(name);
        if (a == null) {
            throw new InputFileException(source, 0, name, "missing (the file has: " + String.join(", ", arrays.keySet()) + ")");
        }
        if (!type.isInstance(a)) {
            throw new InputFileException(source, 0, name, "holds " + a.getClass().getSimpleName() + ", expected "
                    + type.getSimpleName());
        }
        return type.cast(a);
    }

    /** A required metadata field; fails naming the file when it is absent. */
    public JsonNode field(String name) {
        JsonNode n = metadata.get(name);
        if (n == null || n.isNull()) {
            throw new InputFileException(source, 0, name, "missing from the metadata");
        }
        return n;
    }

    /** Writes the bundle to {@code file}, atomically. */
    public void write(Path file) throws IOException {
        AtomicFiles.write(file, toBytes());
    }

    /** The file content. */
    public byte[] toBytes() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 16);
        DataOutputStream out = new DataOutputStream(bytes);
        out.write(MAGIC);
        out.writeInt(FORMAT_VERSION);
        out.writeUTF(kind);
        byte[] json = JSON.writeValueAsBytes(metadata);
        out.writeInt(json.length);
        out.write(json);
        out.writeInt(arrays.size());
        for (Map.Entry<String, Object> e : arrays.entrySet()) {
            out.writeUTF(e.getKey());
            Object a = e.getValue();
            if (a instanceof double[] d) {
                out.writeByte('D');
                out.writeInt(d.length);
                for (double x : d) {
                    out.writeDouble(x);
                }
            } else if (a instanceof long[] l) {
                out.writeByte('J');
                out.writeInt(l.length);
                for (long x : l) {
                    out.writeLong(x);
                }
            } else {
                byte[] b = (byte[]) a;
                out.writeByte('B');
                out.writeInt(b.length);
                out.write(b);
            }
        }
        out.flush();
        CRC32 crc = new CRC32();
        crc.update(bytes.toByteArray());
        out.writeLong(crc.getValue());
        out.flush();
        return bytes.toByteArray();
    }

    /**
     * Reads a bundle.
     *
     * @throws InputFileException naming the file and what is wrong with it (not a bundle, another
     *                            version, damaged, truncated)
     * @throws IOException        when the file cannot be read at all
     */
    public static ArrayBundle read(Path file) throws IOException {
        byte[] content;
        try {
            content = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new InputFileException(file.toString(), 0, null, "no such file");
        }
        return parse(content, file.toString());
    }

    /** Parses file content; {@code source} names it in errors. */
    public static ArrayBundle parse(byte[] content, String source) {
        if (content.length < MAGIC.length + 4 + 8
                || !Arrays.equals(Arrays.copyOf(content, MAGIC.length), MAGIC)) {
            throw new InputFileException(source, 0, null, "not an execplace agent or checkpoint file (bad header)");
        }
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(content));
            in.skipNBytes(MAGIC.length);
            int version = in.readInt();
            if (version != FORMAT_VERSION) {
                throw new InputFileException(source, 0, null, "format version " + version
                        + " is not supported (this build reads version " + FORMAT_VERSION + ")");
            }
            CRC32 crc = new CRC32();
            crc.update(content, 0, content.length - 8);
            long stored = ByteBuffer.wrap(content, content.length - 8, 8).getLong();
            if (stored != crc.getValue()) {
                throw new InputFileException(source, 0, null, "checksum mismatch: the file is damaged or truncated");
            }
            String kind = in.readUTF();
            int jsonLength = in.readInt();
            if (jsonLength < 0 || jsonLength > content.length) {
                throw new InputFileException(source, 0, null, "metadata length " + jsonLength + " is impossible");
            }
            JsonNode meta = JSON.readTree(in.readNBytes(jsonLength));
            if (!(meta instanceof ObjectNode obj)) {
                throw new InputFileException(source, 0, null, "metadata is not a JSON object");
            }
            ArrayBundle bundle = new ArrayBundle(kind, obj, source);
            int count = in.readInt();
            for (int k = 0; k < count; k++) {
                String name = in.readUTF();
                int type = in.readUnsignedByte();
                int length = in.readInt();
                if (length < 0 || length > content.length) {
                    throw new InputFileException(source, 0, name, "array length " + length + " is impossible");
                }
                switch (type) {
                    case 'D' -> {
                        double[] d = new double[length];
                        for (int i = 0; i < length; i++) {
                            d[i] = in.readDouble();
                        }
                        bundle.arrays.put(name, d);
                    }
                    case 'J' -> {
                        long[] l = new long[length];
                        for (int i = 0; i < length; i++) {
                            l[i] = in.readLong();
                        }
                        bundle.arrays.put(name, l);
                    }
                    case 'B' -> bundle.arrays.put(name, in.readNBytes(length));
                    default -> throw new InputFileException(source, 0, name, "unknown array type '" + (char) type + "'");
                }
            }
            return bundle;
        } catch (EOFException e) {
            throw new InputFileException(source, 0, null, "the file ends early (truncated)");
        } catch (IOException e) {
            throw new InputFileException(source, 0, null, "unreadable: " + e.getMessage(), e);
        }
    }
}
