package io.execplace.schedulers.spi;

import io.execplace.core.rules.QueuePolicy;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DeciderNamesTest {

    @Test
    void splitsTheQueueAtTheLastAtAndTheFamilyAtTheFirstColon() {
        DeciderName plain = DeciderName.parse(" gio ");
        assertThat(plain.base()).isEqualTo("gio");
        assertThat(plain.queue()).isSameAs(QueuePolicy.FCFS);
        assertThat(plain.family()).isNull();

        DeciderName queued = DeciderName.parse("milp@edf");
        assertThat(queued.base()).isEqualTo("milp");
        assertThat(queued.queue().name()).isEqualTo("edf");

        // hjs-weight:λ carries its own colon: it must not read as a family.
        DeciderName weighted = DeciderName.parse("agent:models/a.xprl@hjs-weight:0.3");
        assertThat(weighted.base()).isEqualTo("agent:models/a.xprl");
        assertThat(weighted.family()).isEqualTo("agent");
        assertThat(weighted.argument()).isEqualTo("models/a.xprl");
        assertThat(weighted.queue().name()).startsWith("hjs-weight");
    }

    @Test
    void refusesAnUnknownQueueAndABlankName() {
        assertThatThrownBy(() -> DeciderName.parse("gio@lifo")).hasMessageContaining("unknown queue order 'lifo'");
        assertThatThrownBy(() -> DeciderName.parse(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThat(DeciderName.queueSuffix("fcfs")).isEmpty();
        assertThat(DeciderName.queueSuffix("edf")).isEqualTo("@edf");
    }

    @Test
    void resolvesFixedNamesAndFamiliesOfAnyKind() {
        List<String> checked = new ArrayList<>();
        Deciders<Integer, String> managers = Deciders.<Integer, String>empty("LIU manager")
                .with("sf-e", "baseline", seed -> "sf-e/" + seed)
                .withFamily("agent", "PATH", "trained", new Deciders.FamilyFactory<>() {
                    @Override
                    public String create(String argument, Integer seed) {
                        return "agent " + argument + "/" + seed;
                    }

                    @Override
                    public void check(String argument) {
                        checked.add(argument);
                    }
                });
        assertThat(managers.create("SF-E", 3)).isEqualTo("sf-e/3");
        assertThat(managers.create("Agent: Dir/A.xprl", 4)).isEqualTo("agent Dir/A.xprl/4");
        assertThat(checked).containsExactly("Dir/A.xprl");
        assertThat(managers.names()).containsExactly("sf-e");
        assertThat(managers.list()).extracting(SchedulerInfo::name).containsExactly("sf-e", "agent:PATH");
        assertThatThrownBy(() -> managers.create("outlook", 1))
                .hasMessage("unknown LIU manager 'outlook' (known: sf-e, agent:PATH)");
        assertThatThrownBy(() -> managers.create("agent:", 1)).hasMessageContaining("needs an argument: agent:PATH");
        assertThatThrownBy(() -> managers.with("sf-e", "again", seed -> "")).hasMessageContaining("already registered");
        assertThatThrownBy(() -> managers.with("a@b", "queue sign", seed -> "")).hasMessageContaining("no ':' or '@'");
    }
}
