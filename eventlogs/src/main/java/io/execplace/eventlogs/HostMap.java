package io.execplace.eventlogs;

import io.execplace.core.io.BadInputException;
import io.execplace.core.model.Cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which VM of a cluster each host named in the event logs stands for. From a table ({@code host,vm}
 * lines, {@code vm} a VM id of the cluster; {@code #} comments), or by the rule: hosts in order of
 * first appearance in the logs take VMs 0, 1, 2, ... (wrapping around when the logs name more hosts
 * than the cluster has VMs, which {@link #wrapped()} then tells).
 */
public final class HostMap {

    private final Map<String, Integer> vmOfHost;
    private final boolean fromTable;
    private final boolean wrapped;

    private HostMap(Map<String, Integer> vmOfHost, boolean fromTable, boolean wrapped) {
        this.vmOfHost = Collections.unmodifiableMap(new LinkedHashMap<>(vmOfHost));
        this.fromTable = fromTable;
        this.wrapped = wrapped;
    }

    /** The rule: the {@code i}-th of {@code hosts} (distinct, in order of first use) is VM {@code i mod size}. */
    public static HostMap byOrder(Collection<String> hosts, Cluster cluster) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (String h : hosts) {
            m.putIfAbsent(h, m.size() % cluster.size());
        }
        return new HostMap(m, false, m.size() > cluster.size());
    }

    /**
     * A table file of {@code host,vm} lines.
     *
     * @throws BadInputException naming file and line for a malformed line, a VM id outside the cluster
     *                           or a host given twice
     */
    public static HostMap read(Path file, Cluster cluster) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new BadInputException(file + ": no such host table");
        }
        Map<String, Integer> m = new LinkedHashMap<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new BadInputException(file + ": not a host table (not UTF-8 text; expected 'host,vm' lines)");
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || (i == 0 && line.equalsIgnoreCase("host,vm"))) {
                continue;
            }
            String[] f = line.split(",");
            if (f.length != 2 || f[0].isBlank()) {
                throw new BadInputException(file.toString(), i + 1, null, "expected 'host,vm', got '" + line + "'");
            }
            int vm;
            try {
                vm = Integer.parseInt(f[1].strip());
            } catch (NumberFormatException e) {
                throw new BadInputException(file.toString(), i + 1, "vm", "expected a VM id (0.." + (cluster.size() - 1)
                        + "), got '" + f[1].strip() + "'");
            }
            if (vm < 0 || vm >= cluster.size()) {
                throw new BadInputException(file.toString(), i + 1, "vm", "VM " + vm + " is not in cluster '" + cluster.name()
                        + "' (0.." + (cluster.size() - 1) + ")");
            }
            if (m.put(f[0].strip(), vm) != null) {
                throw new BadInputException(file.toString(), i + 1, "host", "host '" + f[0].strip() + "' is given twice");
            }
        }
        if (m.isEmpty()) {
            throw new BadInputException(file + ": the host table names no host (expected 'host,vm' lines)");
        }
        return new HostMap(m, true, false);
    }

    /** The VM of {@code host}, or −1 when the table does not name it. */
    public int vm(String host) {
        return vmOfHost.getOrDefault(host, -1);
    }

    /** Whether the map came from a table (else from the rule). */
    public boolean fromTable() {
        return fromTable;
    }

    /** Whether the rule had to put several hosts on one VM (the logs name more hosts than the cluster has VMs). */
    public boolean wrapped() {
        return wrapped;
    }

    /** Host to VM, in the map's order. */
    public Map<String, Integer> entries() {
        return new LinkedHashMap<>(vmOfHost);
    }
}
