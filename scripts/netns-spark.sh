#!/usr/bin/env bash
# A Spark standalone cluster of N network hosts on one machine, for measuring placement effects
# across a network (docs/profile.md): N network namespaces joined by a bridge, each link limited with
# tc netem (bandwidth, latency), a Worker per host for each of two Masters in the root namespace —
# spark://10.77.0.1:7077 spreads applications over the hosts, spark://10.77.0.1:7078 consolidates
# them — so that `execplace profile` can measure both layouts. Bandwidth is limited with tc's token
# bucket (tbf) on both ends of each host's link; latency needs tc's netem, which some kernels lack
# (then a latency is refused with a message).
#
#   scripts/netns-spark.sh up N [MBIT [MS]] [CORES [MEMORY]]   (root; prints the profile command last)
#   scripts/netns-spark.sh down
#
# Needs root (or CAP_NET_ADMIN), iproute2 (ip, tc) and the Spark-enabled build (./execplace profile
# --help builds it). Everything it starts or creates is recorded under $STATE and removed by down,
# which up also runs first.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STATE="${EXECPLACE_NETNS_STATE:-/tmp/execplace-netns}"
# Every process below gets its own address; one inherited from a local-mode launcher would bind it to loopback.
unset SPARK_LOCAL_IP
SUB=10.77.0
BR=xpbr0

die() { echo "netns-spark: $*" >&2; exit 2; }

down() {
  if [ -f "$STATE/pids" ]; then
    while read -r pid; do kill "$pid" 2>/dev/null || true; done < "$STATE/pids"
    sleep 1
    while read -r pid; do kill -9 "$pid" 2>/dev/null || true; done < "$STATE/pids"
  fi
  for ns in $(ip netns list 2>/dev/null | awk '/^xp[0-9]+/ {print $1}'); do ip netns del "$ns" 2>/dev/null || true; done
  ip link del "$BR" 2>/dev/null || true
  rm -rf "$STATE"
}

up() {
  local n="${1:?N hosts}" mbit="${2:-}" ms="${3:-}" cores="${4:-2}" mem="${5:-2g}"
  [[ "$n" =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] && [ "$n" -le 50 ] || die "N must be a whole number from 1 to 50, got '$n'"
  if ! command -v ip >/dev/null || ! command -v tc >/dev/null; then
    # Debian's iproute2 gives both; installed here when this runs as root with apt.
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get install -y -q iproute2 >/dev/null 2>&1 || die "needs iproute2 (ip, tc) and could not install it: apt-get install iproute2"
    else
      die "needs iproute2 (ip, tc): apt-get install iproute2"
    fi
  fi
  local cp="$here/spark/target/classpath.txt" jar="$here/spark/target/execplace-spark.jar"
  [ -f "$cp" ] && [ -f "$jar" ] || die "the Spark-enabled build is missing: run ./execplace profile --help first"
  down
  mkdir -p "$STATE/spark-home/jars" "$STATE/logs"
  ip netns add xpcheck 2>/dev/null || die "cannot create network namespaces (needs root or CAP_NET_ADMIN)"
  ip netns del xpcheck
  # SPARK_HOME/jars: what a Worker puts on its executors' class path.
  tr ':' '\n' < "$cp" | while read -r j; do [ -f "$j" ] && ln -sf "$j" "$STATE/spark-home/jars/"; done
  ln -sf "$jar" "$STATE/spark-home/jars/"
  local classpath; classpath="$STATE/spark-home/jars/*"
  ip link add "$BR" type bridge
  ip addr add "$SUB.1/24" dev "$BR"
  ip link set "$BR" up
  local qdisc=()
  if [ -n "$ms" ]; then
    ip link add xpprobe type veth peer name xpprobe2
    if ! tc qdisc add dev xpprobe root netem delay 1ms 2>/dev/null; then
      ip link del xpprobe
      die "this kernel has no netem qdisc (tc qdisc add ... netem fails): a link latency cannot be emulated here; give only MBIT"
    fi
    ip link del xpprobe
    qdisc=(netem delay "${ms}ms" ${mbit:+rate "${mbit}mbit"})
  elif [ -n "$mbit" ]; then
    [[ "$mbit" =~ ^[0-9]+$ ]] && [ "$mbit" -ge 1 ] || die "MBIT must be a whole number of Mbit/s, got '$mbit'"
    qdisc=(tbf rate "${mbit}mbit" burst 64kb latency 400ms)
  fi
  for i in $(seq 1 "$n"); do
    local ns="xp$i" addr="$SUB.$((10 + i))"
    ip netns add "$ns"
    ip link add "xpv$i" type veth peer name eth0 netns "$ns"
    ip link set "xpv$i" master "$BR" up
    ip -n "$ns" addr add "$addr/24" dev eth0
    ip -n "$ns" link set eth0 up
    ip -n "$ns" link set lo up
    ip -n "$ns" route add default via "$SUB.1"
    if [ ${#qdisc[@]} -gt 0 ]; then
      # Both directions of the host's link: into the host (bridge side) and out of it.
      tc qdisc add dev "xpv$i" root "${qdisc[@]}"
      ip netns exec "$ns" tc qdisc add dev eth0 root "${qdisc[@]}"
    fi
  done
  local java_opts=(-Xmx512m -Djava.net.preferIPv4Stack=true)
  java "${java_opts[@]}" -cp "$classpath" org.apache.spark.deploy.master.Master --host "$SUB.1" --port 7077 \
      --webui-port 18077 > "$STATE/logs/master-spread.log" 2>&1 &
  echo $! >> "$STATE/pids"
  java "${java_opts[@]}" -Dspark.deploy.spreadOut=false -cp "$classpath" org.apache.spark.deploy.master.Master \
      --host "$SUB.1" --port 7078 --webui-port 18078 > "$STATE/logs/master-consolidated.log" 2>&1 &
  echo $! >> "$STATE/pids"
  sleep 3
  for i in $(seq 1 "$n"); do
    for port in 7077 7078; do
      SPARK_HOME="$STATE/spark-home" SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_IP="$SUB.$((10 + i))" ip netns exec "xp$i" \
          java "${java_opts[@]}" -cp "$classpath" org.apache.spark.deploy.worker.Worker --host "$SUB.$((10 + i))" \
          --cores "$cores" --memory "$mem" --webui-port 0 --work-dir "$STATE/work-$i-$port" "spark://$SUB.1:$port" \
          > "$STATE/logs/worker-$i-$port.log" 2>&1 &
      echo $! >> "$STATE/pids"
    done
  done
  # Ready when each Master's status page lists every Worker as ALIVE.
  for port in 7077 7078; do
    local alive=0
    for _ in $(seq 1 60); do
      alive=$(curl -s "http://$SUB.1:$((port + 11000))/json/" | grep -o '"state" *: *"ALIVE"' | wc -l || true)
      [ "$alive" -ge "$n" ] && break
      sleep 1
    done
    [ "$alive" -ge "$n" ] || { echo "netns-spark: $alive of $n workers alive at :$port (logs: $STATE/logs; stop with down)" >&2; exit 1; }
  done
  echo "netns-spark: $n hosts ${mbit:+at ${mbit} Mbit/s }${ms:+with ${ms} ms latency }up; stop with: scripts/netns-spark.sh down"
  echo "./execplace profile --master spark://$SUB.1:7077 --consolidated-master spark://$SUB.1:7078" \
       "--conf spark.driver.host=$SUB.1 --conf spark.driver.bindAddress=$SUB.1"
}

case "${1:-}" in
  up) shift; up "$@" ;;
  down) down ;;
  *) echo "usage: scripts/netns-spark.sh up N [MBIT [MS]] [CORES [MEMORY]] | down" >&2; exit 2 ;;
esac
