# Shared by the benches that set Metron's MPI_Bcast at 8 B, 1 KiB and 32 KiB on 2 ranks against
# single launches of the peers (reproducibility_peers.sh, launch_modes.sh). Source it, then:
#   bcast_peers_setup PEER_BIN_DIR: finds the peers' binaries that are there (OSU osu_bcast,
#     SKaMPI, IMB-MPI1) and writes the scripts into the current folder: bcast.bench (Metron),
#     bcast.ski (SKaMPI's own Bcast measurement at its defaults: 8 to 33 repetitions, 10% RSE),
#     imb.msglen (IMB's sizes);
#   bcast_peers_once TAG: one launch of each peer found, appending "tool bytes value_us TAG" to
#     values.txt: OSU's average latency, SKaMPI's value, IMB's t_avg.
# MPIEXEC is the launcher (default mpiexec.mpich). The peers are never part of Metron.
BCAST_SIZES="8 1024 32768"

bcast_peers_setup() {
  OSU=$(find -L "$1" -name osu_bcast -type f -perm -u+x | head -1)
  SKAMPI=$(find -L "$1" -name skampi -type f -perm -u+x | head -1)
  IMB=$(find -L "$1" -name IMB-MPI1 -type f -perm -u+x | head -1)
  cat > bcast.bench <<'B'
begin measurement "bcast"
  for count in [8, 1KiB, 32KiB] do
    measure comm(2) : Bcast(count, MPI_CHAR, 0)
  od
end measurement
B
  cat > bcast.ski <<'B'
set_min_repetitions(8)
set_max_repetitions(33)
set_max_relative_standard_error(0.10)
set_skampi_buffer(4MB)
comm_pt = comm(2)
begin measurement "MPI_Bcast-length"
  for count = 8 to 32768 step *2 do
    measure comm_pt : Bcast(count, MPI_CHAR, 0)
  od
end measurement
B
  printf '8\n1024\n32768\n' > imb.msglen
}

bcast_peers_once() {
  local tag=$1 mpiexec=${MPIEXEC:-mpiexec.mpich}
  if [ -n "$OSU" ]; then
    "$mpiexec" -n 2 "$OSU" -m 8:32768 2> /dev/null | awk -v r="$tag" -v sizes="$BCAST_SIZES" '
      BEGIN { split(sizes, z, " "); for (i in z) want[z[i]] = 1 }
      /^[0-9]/ && ($1 in want) { print "osu", $1, $2, r }' >> values.txt
  fi
  if [ -n "$SKAMPI" ]; then
    "$mpiexec" -n 2 "$SKAMPI" -i bcast.ski -o "skampi-$tag.sko" > "skampi-$tag.log" 2>&1
    # Result lines: "count= N   BYTES   VALUE_US   STDERR   REPS"
    awk -v r="$tag" -v sizes="$BCAST_SIZES" 'BEGIN { split(sizes, z, " "); for (i in z) want[z[i]] = 1 }
      !/^#/ && NF >= 5 && ($3 in want) { print "skampi", $3, $4, r }' "skampi-$tag.sko" >> values.txt
  fi
  if [ -n "$IMB" ]; then
    "$mpiexec" -n 2 "$IMB" Bcast -msglen imb.msglen -npmin 2 2> /dev/null | awk -v r="$tag" '
      /Benchmarking Bcast/ { on = 1 } on && /^ *[0-9]+ +[0-9]+ +[0-9.]+/ { print "imb", $1, $5, r }' >> values.txt
  fi
}
