# The Qunar field report's young GC: ParNew 200 ms every 10 s (JDK 8 log with date stamps).
import datetime
base = datetime.datetime(2023, 1, 1)
for i in range(361):
    up = 5.0 + i * 10.0
    t = base + datetime.timedelta(seconds=up)
    ts = t.strftime('%Y-%m-%dT%H:%M:%S.') + '%03d+0800' % (t.microsecond // 1000)
    print(f"{ts}: {up:.3f}: [GC (Allocation Failure) {up:.3f}: [ParNew: 1000K->100K(2000K), 0.2000000 secs] "
          f"5000K->4100K(10000K), 0.2000000 secs] [Times: user=0.40 sys=0.00, real=0.20 secs]")
