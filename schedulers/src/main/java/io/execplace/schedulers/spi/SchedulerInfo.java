package io.execplace.schedulers.spi;

/**
 * A registered scheduler's name, as accepted by {@link SchedulerRegistry#create}, and a one-line
 * description for help texts. A family of schedulers is shown as {@code prefix:ARGUMENT}.
 *
 * @param name        the name to pass to {@link SchedulerRegistry#create}
 * @param description what the scheduler does, in one line
 */
public record SchedulerInfo(String name, String description) {
}
