package io.execplace.core.io;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PackedFolderTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void packedWorkCarriesTheFilesFirstThenItsFieldsAndDeletesItsFolder() {
        List<Path> used = new ArrayList<>();
        ObjectNode result = PackedFolder.packedWork("execplace-packed-test-", dir -> {
            used.add(dir);
            Files.writeString(dir.resolve("agent.xprl"), "weights");
            return JSON.createObjectNode().put("seconds", 1.5);
        });
        assertThat(result.fieldNames()).toIterable().containsExactly("files", "seconds");
        assertThat(new String(PackedFolder.read(result.get("files")).get("agent.xprl"), StandardCharsets.UTF_8))
                .isEqualTo("weights");
        assertThat(result.get("seconds").asDouble()).isEqualTo(1.5);
        assertThat(used.get(0)).doesNotExist();
    }

    @Test
    void aFailedWorkLeavesNoFolder() {
        List<Path> used = new ArrayList<>();
        assertThatThrownBy(() -> PackedFolder.packedWork("execplace-packed-test-", dir -> {
            used.add(dir);
            Files.writeString(dir.resolve("half.xprl"), "x");
            throw new IOException("disk full");
        })).isInstanceOf(java.io.UncheckedIOException.class).hasMessageContaining("disk full");
        assertThat(used.get(0)).doesNotExist();
    }

    @Test
    void aBadTextIsOneLineNamingWhatItWas() {
        assertThatThrownBy(() -> JsonInput.read(JSON, "{", "a test cell", root -> root.required("x").asText()))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("a test cell is not valid JSON: ");
        assertThatThrownBy(() -> JsonInput.read(JSON, "{}", "a test cell", root -> root.required("x").asText()))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("a test cell is malformed: ");
        String read = JsonInput.read(JSON, "{\"x\":\"y\"}", "a test cell", root -> root.required("x").asText());
        assertThat(read).isEqualTo("y");
    }
}
