# examples/demo-jvm.sh — sourced by examples/demo.sh (uses its `run` and `$g`):
# the JVM-side commands on real captures from tests/fixtures/ (JDK 17 runs,
# see the README.md of each fixture directory) and the synthetic CMS sample.
fx=tests/fixtures
echo
echo "== access-log latency: the report's grep|awk|sort|uniq -c|awk -f cal.awk pipeline, same bytes, one pass"
run $g lat --exclude monitor/health -f -2 --format cal $fx/access/small.log
echo
echo "== thread dump joined with top -H on nid: deadlocks, lock owners, the busy thread's stack"
run $g threads --top $fx/threads/jdk17-top-H.txt --limit 2 --depth 3 $fx/threads/jdk17-jstack-l.txt
echo
echo "== top -b -H: CPU per thread category (GC share of the JVM's CPU is one line)"
run $g cpu --top 5 $fx/proc/g1/top-b-H.txt
echo
echo "== jstat -gc: GCs per minute, occupancy, promotion"
run $g jstat $fx/proc/g1/jstat-gc.txt
echo
echo "== two jmap -histo 10 s apart: growth and leak suspects"
run $g histo --top 5 $fx/proc/g1/histo-1.txt $fx/proc/g1/histo-2.txt
echo
echo "== requests a 100 ms timeout loses to GC pauses alone (the Qunar arithmetic, ~1%)"
run $g impact --timeout 100ms --top 3 examples/gc-cms-jdk8-synthetic.log
echo
echo "== two GC logs side by side, change in %"
run $g compare g1=examples/gc-g1-jdk17.log zgc=examples/gc-zgc-jdk17.log.gz
echo
echo "== one self-contained HTML report"
report_html=$(mktemp "${TMPDIR:-/tmp}/gclat-report.XXXXXX.html")
run $g report -o "$report_html" g1=examples/gc-g1-jdk17.log zgc=examples/gc-zgc-jdk17.log.gz
echo "report written: $report_html ($(wc -c < "$report_html") bytes; open it in a browser)"
