package io.execplace.core.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A folder's files inside a JSON text, so that they reach another JVM with it: an object of file
 * name to base64 content. The studies' text cells use it: a training cell's result carries the
 * agent it made, an evaluation cell the agent it runs, which the receiving JVM unpacks once per
 * content ({@link #unpack}) into a folder of its temporary directory named by the files' SHA-256.
 */
public final class PackedFolder {

    /** Work done in a folder: it leaves files there and returns the other fields of its result. */
    @FunctionalInterface
    public interface FolderWork {
        ObjectNode run(Path folder) throws IOException;
    }

    private PackedFolder() {
    }

    /**
     * Runs {@code work} in a new temporary folder named {@code prefix...} and returns its result with
     * the files it left there packed in front ({@code {"files":{..}, ...its fields}}); the folder is
     * deleted afterwards, whatever happens.
     */
    public static ObjectNode packedWork(String prefix, FolderWork work) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory(prefix);
            ObjectNode fields = work.run(dir);
            ObjectNode result = JsonNodeFactory.instance.objectNode();
            result.set("files", pack(dir));
            result.setAll(fields);
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (dir != null) {
                StagedFolder.deleteQuietly(dir); // the result is already made
            }
        }
    }

    /** The regular files directly in {@code dir}, sorted by name, as a JSON object. */
    public static ObjectNode pack(Path dir) {
        try (Stream<Path> list = Files.list(dir)) {
            return pack(list.filter(Files::isRegularFile).sorted().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Some files of one folder (by their file names), as {@link #pack} writes a whole folder. */
    public static ObjectNode pack(java.util.List<Path> files) {
        ObjectNode packed = JsonNodeFactory.instance.objectNode();
        try {
            for (Path f : files) {
                packed.put(f.getFileName().toString(), Base64.getEncoder().encodeToString(Files.readAllBytes(f)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return packed;
    }

    /** {@link #pack}'s form read back: file name to content. */
    public static Map<String, byte[]> read(JsonNode files) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        files.fields().forEachRemaining(e -> {
            String name = e.getKey();
            if (!Path.of(name).getFileName().toString().equals(name) || name.equals("..")) {
                throw new BadInputException("a packed file name '" + name + "' is not a plain file name");
            }
            out.put(name, Base64.getDecoder().decode(e.getValue().asText()));
        });
        return out;
    }

    /** Writes files into {@code dir} (created), as they were in the folder they were packed from. */
    public static void write(Map<String, byte[]> files, Path dir) throws IOException {
        Files.createDirectories(dir);
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            Files.write(dir.resolve(f.getKey()), f.getValue());
        }
    }

    /**
     * The packed files as a folder of this JVM: {@code execplace-packed-folders/SHA256} in the temporary
     * directory, written once (atomically renamed into place) and reused by every later cell with
     * the same content.
     */
    public static Path unpack(JsonNode packed) {
        Map<String, byte[]> files = read(packed);
        Path root = Path.of(System.getProperty("java.io.tmpdir"), "execplace-packed-folders");
        Path dir = root.resolve(digest(files));
        if (Files.isDirectory(dir)) {
            return dir;
        }
        try {
            Files.createDirectories(root);
            Path staging = Files.createTempDirectory(root, "staging-");
            write(files, staging);
            try {
                Files.move(staging, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException raced) { // another cell unpacked the same content first
                if (!Files.isDirectory(dir)) {
                    throw raced;
                }
                StagedFolder.deleteQuietly(staging);
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack files into " + dir + ": " + e.getMessage(), e);
        }
    }

    private static String digest(Map<String, byte[]> files) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, byte[]> f : files.entrySet()) {
                sha.update(f.getKey().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(Long.toString(f.getValue().length).getBytes(java.nio.charset.StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(f.getValue());
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
