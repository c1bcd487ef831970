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

/**
 * The compression of an event-log file, from its name as Spark's writers give it
 * ({@code <app>[.<codec>][.inprogress]}, {@code events_<n>_<app>[.<codec>]}), read with the stream
 * classes of the libraries Spark's own codecs use: lz4-java's block stream, snappy-java's stream and
 * zstd-jni's stream. lzf (Spark's fourth codec) is refused with a message.
 */
enum EventLogCodec {
    NONE(""), LZ4("lz4"), SNAPPY("snappy"), ZSTD("zstd"), LZF("lzf");

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

    /** The file name without a trailing {@code .inprogress}. */
    static String stripInProgress(String fileName) {
        return fileName.endsWith(".inprogress") ? fileName.substring(0, fileName.length() - ".inprogress".length()) : fileName;
    }

    /** The file name without {@code .inprogress} and the codec extension. */
    String strip(String fileName) {
        String name = stripInProgress(fileName);
        return this == NONE ? name : name.substring(0, name.length() - extension.length() - 1);
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
                case LZF -> throw new IOException(file + ": lzf-compressed event logs are not supported (lz4, snappy, zstd and "
                        + "plain are); set spark.eventLog.compression.codec to one of those");
            };
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }
}
