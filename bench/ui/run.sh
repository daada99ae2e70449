#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# UI benchmark: tasca against a bare SDL2 window, side by side, under Xvfb, for the
# software and the OpenGL renderer:
#   - start to first frame (median of 5 starts, ms)
#   - resident memory 3 s after start (VmRSS, MB)
#   - idle CPU over QUIET seconds at a human turn (% of one core, all threads) and
#     wake-ups per second (context switches of all threads)
#   - frame times at 1920x1080 with animations running (software renderer; p50/p99 ms)
# Usage: bench/ui/run.sh [BUILD_DIR]   (default: build-ui; needs Xvfb)
# Env:   QUIET=30 (idle seconds), STARTS=5, ANIM_SECONDS=20
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build-ui}
tasca=$build/tasca
bare=$build/bench/ui/bench_ui_bare
[ -x "$bare" ] || bare=$(find "$build" -name bench_ui_bare -type f | head -1)
QUIET=${QUIET:-30}
STARTS=${STARTS:-5}
ANIM_SECONDS=${ANIM_SECONDS:-20}
[ -x "$tasca" ] && [ -x "$bare" ] || { echo "build first: cmake --build $build (missing tasca or bench_ui_bare)" >&2; exit 2; }

if [ -z "${DISPLAY:-}" ] || ! xdpyinfo >/dev/null 2>&1; then
  export DISPLAY=:97
  Xvfb "$DISPLAY" -screen 0 1920x1080x24 >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb 2>/dev/null' EXIT
  sleep 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"; [ -n "${xvfb:-}" ] && kill $xvfb 2>/dev/null' EXIT
# Audio as on the machine: under Xvfb there is usually no device, so tasca runs silent.
export XDG_DATA_HOME=$work/home
tck=$(getconf CLK_TCK)

renderer_env() { # software | opengl
  if [ "$1" = software ]; then echo "TASCA_RENDERER=software SDL_RENDER_DRIVER=software";
  else echo "SDL_RENDER_DRIVER=opengl"; fi
}

# cpu ticks and context switches of every thread of a process
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
ctx_all() { cat /proc/$1/task/*/status 2>/dev/null | awk '/^voluntary_ctxt_switches/{v+=$2} /^nonvoluntary_ctxt_switches/{n+=$2} END{print v+n}'; }
ctx_main() { awk '/^voluntary_ctxt_switches/{v+=$2} /^nonvoluntary_ctxt_switches/{n+=$2} END{print v+n}' /proc/$1/status; }

# start_ms PROGRAM ARGS...: ms from exec to the first presented frame
start_ms() {
  local out=$work/ff.txt t0 pid ff
  rm -rf "$XDG_DATA_HOME"; : > "$out"
  t0=$(date +%s%N)
  env TASCA_FIRST_FRAME=1 $RENV "$@" 2>"$out" >/dev/null &
  pid=$!
  for _ in $(seq 1 300); do grep -q '^first-frame' "$out" && break; sleep 0.02; done
  ff=$(awk '/^first-frame/{print $2}' "$out")
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  [ -n "$ff" ] && echo $(( (ff - t0) / 1000000 )) || echo NA
}

median() { sort -n | awk '{a[NR]=$1} END{ if (NR==0) print "NA"; else print a[int((NR+1)/2)] }'; }

# idle PROGRAM ARGS...: prints "rss_mb cpu_pct wakeups_all_per_s wakeups_main_per_s"
idle() {
  rm -rf "$XDG_DATA_HOME"
  env $RENV "$@" >/dev/null 2>&1 &
  local pid=$!
  sleep 5   # the deal is over: a human turn, nothing moves
  local rss c1 w1 m1 c2 w2 m2
  rss=$(awk '/VmRSS/{print $2}' "/proc/$pid/status")
  c1=$(cpu_ticks $pid); w1=$(ctx_all $pid); m1=$(ctx_main $pid)
  sleep "$QUIET"
  c2=$(cpu_ticks $pid); w2=$(ctx_all $pid); m2=$(ctx_main $pid)
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  awk -v r="$rss" -v c=$((c2 - c1)) -v t="$tck" -v q="$QUIET" -v w=$((w2 - w1)) -v m=$((m2 - m1)) \
    'BEGIN{printf "%.1f %.2f %.1f %.1f", r/1024, c*100/t/q, w/q, m/q}'
}

echo "UI benchmark ($(date -u +%F), Xvfb $DISPLAY, idle ${QUIET}s, load average $(cut -d" " -f1 /proc/loadavg))"
printf "%-9s %-6s %14s %8s %12s %14s %15s\n" renderer prog first_frame_ms rss_mb idle_cpu_pct wakeups_s_all wakeups_s_main
for rend in software opengl; do
  RENV=$(renderer_env $rend)
  for prog in bare tasca; do
    if [ $prog = bare ]; then cmd=("$bare"); else cmd=("$tasca" --game twentyone --seed 7); fi
    ms=$(for _ in $(seq 1 "$STARTS"); do start_ms "${cmd[@]}"; done | grep -v NA | median)
    read -r rss cpu wk wm < <(idle "${cmd[@]}")
    printf "%-9s %-6s %14s %8s %12s %14s %15s\n" "$rend" "$prog" "$ms" "$rss" "$cpu" "$wk" "$wm"
  done
done

# Frame times with animations running: the table plays itself (TASCA_DEMO), software.
RENV=$(renderer_env software)
rm -rf "$XDG_DATA_HOME"
log=$work/frames.txt
env $RENV TASCA_DEMO=1 TASCA_FRAME_LOG="$log" "$tasca" --game twentyone --seed 3 --size 1920x1080 \
  --speed normal >/dev/null 2>&1 &
pid=$!
sleep "$ANIM_SECONDS"
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
report() { # column label
  sort -n -k"$1" "$log" | awk -v c="$1" -v what="$2" '{a[NR]=$c} END{ if (NR==0) {print "frame times: no frames logged"; exit}
    printf "frame %s 1920x1080 software, animations running: %d frames, p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
           what, NR, a[int(NR*0.5)+0], a[int(NR*0.99)+0], a[NR] }'
}
report 1 "time (wall)"
report 2 "CPU time (main thread; unaffected by other processes)"
