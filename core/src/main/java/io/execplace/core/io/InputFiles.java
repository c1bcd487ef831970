package io.execplace.core.io;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reading a user's text file, with the refusals every input file shares. */
public final class InputFiles {

    private InputFiles() {
    }

    /**
     * The file's text (UTF-8).
     *
     * @param what how to call the file's content in a message, e.g. {@code YAML}
     * @throws InputFileException naming the file when it is missing, unreadable or not UTF-8 text
     */
    public static String readText(Path file, String what) {
        String label = file.toString();
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new InputFileException(label, 0, null, "no such file", e);
        } catch (CharacterCodingException e) {
            throw new InputFileException(label, 0, null, "not a text file (expected UTF-8 " + what + ")", e);
        } catch (IOException e) {
            throw new InputFileException(label, 0, null, "cannot read: " + e.getMessage(), e);
        }
    }
}
