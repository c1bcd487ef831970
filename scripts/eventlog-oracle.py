#!/usr/bin/env python3
"""An independent reading of one application's event log, to check `execplace whatif`'s `actual` row
(docs/eventlogs.md, "Checked on public logs"): the seconds its hosts were busy, each host busy while
any executor on it (or, in cluster mode and on Databricks, the driver) was alive; a local-mode
application is one executor on the driver from start to end. Written apart from the Java import:
plain json; gzip and zstd through gzip and the zstdcat command.

    scripts/eventlog-oracle.py LOG        (a file, a rolling eventlog_v2_* folder or a Databricks folder)

With one VM per host, price 1 per second and room for everything (a cluster of 64 VMs of 4096 cores),
whatif's `actual` cost is this number, plus at most what joining executors added within 2 s of each
other books more (whatif prints executor-hours held and booked)."""
import json, subprocess, sys, os, gzip

def lines(path):
    if path.endswith('.zstd') or path.endswith('.zstd.compact'):
        data = subprocess.run(['zstdcat', path], capture_output=True).stdout.decode('utf-8', 'replace')
    elif path.endswith('.gz'):
        data = gzip.open(path, 'rt', errors='replace').read()
    else:
        data = open(path, encoding='utf-8', errors='replace').read()
    return data.splitlines()

def files(path):
    if os.path.isfile(path):
        return [path]
    names = sorted(os.listdir(path))
    if os.path.basename(path).startswith('eventlog_v2_'):
        ev = [n for n in names if n.startswith('events_')]
        ev.sort(key=lambda n: int(n.split('_')[1]))
        return [os.path.join(path, n) for n in ev]
    parts = sorted(n for n in names if n.startswith('eventlog-')) + (['eventlog'] if 'eventlog' in names else [])
    return [os.path.join(path, n) for n in parts]

start = end = None; last = -1; props = {}; execs = {}; dbc = False
for f in files(sys.argv[1]):
    for l in lines(f):
        try:
            e = json.loads(l)
        except Exception:
            continue
        t = e.get('Event')
        # the application's own times: its start and end, its jobs and tasks
        for k in ('Submission Time', 'Completion Time'):
            if isinstance(e.get(k), int): last = max(last, e[k])
        if t in ('SparkListenerApplicationStart', 'SparkListenerApplicationEnd'): last = max(last, e['Timestamp'])
        if t == 'SparkListenerTaskEnd':
            ft = e.get('Task Info', {}).get('Finish Time')
            if isinstance(ft, int): last = max(last, ft)
        if t == 'DBCEventLoggingListenerMetadata': dbc = True
        elif t == 'SparkListenerApplicationStart': start = e['Timestamp']
        elif t == 'SparkListenerApplicationEnd': end = e['Timestamp']
        elif t == 'SparkListenerEnvironmentUpdate':
            p = e.get('Spark Properties', {})
            props.update(dict(p) if isinstance(p, list) else p)
        elif t == 'SparkListenerExecutorAdded':
            execs[e['Executor ID']] = [e['Executor Info']['Host'], e['Timestamp'], None]
        elif t == 'SparkListenerExecutorRemoved' and e['Executor ID'] in execs:
            execs[e['Executor ID']][2] = e['Timestamp']
# executors added more than an hour outside the application's own events are another run's lines: left out
own_end = max(start, end if end is not None else last)
execs = {k: v for k, v in execs.items() if start - 3600_000 <= v[1] <= own_end + 3600_000}
if end is not None:
    stop = max(start, end)
else:
    stop = max([start, last] + [r if r is not None else a for _, a, r in execs.values()])
spans = {}
if not execs:
    spans.setdefault(props.get('spark.driver.host'), []).append((start, stop))
else:
    for host, a, r in execs.values():
        spans.setdefault(host, []).append((a, max(a, r if r is not None else stop)))
    if dbc or props.get('spark.submit.deployMode', '').strip().lower() == 'cluster':
        spans.setdefault(props.get('spark.driver.host', 'driver'), []).append((start, stop))
busy = 0
for iv in spans.values():
    iv.sort(); cs, ce = iv[0]
    for s, e2 in iv[1:]:
        if s > ce: busy += ce - cs; cs, ce = s, e2
        else: ce = max(ce, e2)
    busy += ce - cs
print(busy / 1000.0)
