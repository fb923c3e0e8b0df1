#!/usr/bin/env bash
# Builds bench/smpi/clock_check_driver.cpp with SimGrid's smpicxx: the clock-sync layer
# (runtime/clocksync/) and the driver, against the MPI-free plan library of an existing build
# (BUILD_DIR/libmetron_plan.a, for the message catalogue).
#   bash bench/smpi/build_clock_check.sh [BUILD_DIR=build] [OUT=BUILD_DIR/smpi/clock_check]
set -eu
SRC=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-build}
OUT=${2:-$BUILD/smpi/clock_check}
OBJ=$BUILD/smpi/clock_check_obj
mkdir -p "$OBJ" "$(dirname "$OUT")"
mapfile -t sources < <(ls "$SRC"/runtime/clocksync/*.cpp "$SRC"/runtime/clocksync/model/*.cpp \
  "$SRC"/bench/smpi/clock_check_driver.cpp)
# Two compiles at a time; each object is rebuilt only when its source is newer.
printf '%s\n' "${sources[@]}" | xargs -P 2 -I{} sh -c '
  o="$0/$(echo "{}" | sed "s|^$1/||; s|/|_|g").o"
  [ "$o" -nt "{}" ] || nice smpicxx -std=c++20 -O1 -fPIC -DSMPI_NO_OVERRIDE_MALLOC=1 -I"$1" -c "{}" -o "$o"' \
  "$OBJ" "$SRC"
nice smpicxx -o "$OUT" "$OBJ"/*.o "$BUILD/libmetron_plan.a" -lfmt
echo "$OUT"
