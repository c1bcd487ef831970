package io.execplace.eventlogs;

import com.github.luben.zstd.ZstdInputStream;
import net.jpountz.lz4.LZ4BlockInputStream;
import org.xerial.snappy.SnappyInputStream;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * The compression of an event-log file, from its name as Spark's writers give it
 * ({@code <app>[.<codec>][.inprogress]}, {@code events_<n>_<app>[.<codec>]}), read with the stream
 * classes of the libraries Spark's own codecs use: lz4-java's block stream, snappy-java's stream and
 * zstd-jni's stream. lzf (Spark's fourth codec) is refused with a message. gzip is no Spark codec, but
 * Databricks gzips the parts of its rolled logs ({@code eventlog-2022-01-14--17-00.gz}); it is read
 * with the JDK's stream. A compacted rolling file ({@code events_<n>_<app>.zstd.compact}) is read with
 * the codec before {@code .compact}: compaction only leaves events out.
 */
enum EventLogCodec {
    NONE(""), LZ4("lz4"), SNAPPY("snappy"), ZSTD("zstd"), LZF("lzf"), GZIP("gz");

    private final String extension;

    EventLogCodec(String extension) {
        this.extension = extension;
    }

    /** The codec a file name names ({@code .inprogress} aside); {@link #NONE} for a plain log. */
    static EventLogCodec of(String fileName) {
        String name = stripInProgress(fileName).toLowerCase(Locale.ROOT);
        for (EventLogCodec c : values()) {
            if (c != NONE && name.endsWith("." + c.extension)) {
                return c;
            }
        }
        return NONE;
    }

    /** The file name without a trailing {@code .inprogress} or {@code .compact}. */
    static String stripInProgress(String fileName) {
        for (String suffix : new String[]{".inprogress", ".compact"}) {
            if (fileName.endsWith(suffix)) {
                return fileName.substring(0, fileName.length() - suffix.length());
            }
        }
        return fileName;
    }

    /** The file name without {@code .inprogress} and the codec extension. */
    String strip(String fileName) {
        String name = stripInProgress(fileName);
        return this == NONE ? name : name.substring(0, name.length() - extension.length() - 1);
    }

    /** The codec's name in messages. */
    String label() {
        return this == NONE ? "plain" : extension.equals("gz") ? "gzip" : extension;
    }

    /**
     * What the file's first bytes say its compression is, when that is not {@code named}: a clause for a
     * message ({@code "; its bytes are zstd-compressed: name it .zstd"}), or "" when they say nothing.
     */
    static String sniff(Path file, EventLogCodec named) {
        byte[] head = new byte[8];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            return "";
        }
        EventLogCodec found = null;
        if (n >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
            found = GZIP;
        } else if (n >= 4 && (head[0] & 0xff) == 0x28 && (head[1] & 0xff) == 0xb5 && (head[2] & 0xff) == 0x2f
                && (head[3] & 0xff) == 0xfd) {
            found = ZSTD;
        } else if (n >= 7 && new String(head, 0, 7, java.nio.charset.StandardCharsets.ISO_8859_1).equals("LZ4Bloc")) {
            found = LZ4;
        } else if (n >= 7 && new String(head, 1, 6, java.nio.charset.StandardCharsets.ISO_8859_1).equals("SNAPPY")) {
            found = SNAPPY;
        }
        if (found == null || found == named) {
            return "";
        }
        return "; its bytes are " + found.label() + "-compressed: name it ." + found.extension;
    }

    /** The file's decompressed bytes. */
    InputStream open(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        try {
            return switch (this) {
                case NONE -> raw;
                case LZ4 -> new LZ4BlockInputStream(raw);
                case SNAPPY -> new SnappyInputStream(raw);
                case ZSTD -> new ZstdInputStream(raw);
                case GZIP -> new GZIPInputStream(raw, 1 << 16);
                case LZF -> throw new IOException(file + ": lzf-compressed event logs are not supported (lz4, snappy, zstd and "
                        + "plain are); set spark.eventLog.compression.codec to one of those");
            };
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }
}
