#!/usr/bin/env bash
# The fixed cost of a distributed run: what OpenMPI's start and end cost on
# their own (a C program with only MPI_Init_thread, MPI_Barrier and
# MPI_Finalize, built with mpicc) against grundy on a board it solves at
# once, alternated, under `mpirun -np N`.
#
#   bash bench/mpi_floor.sh target/fast/grundy      # a build with --features mpi
#   N=3 RUNS=9 bash bench/mpi_floor.sh target/release/grundy
set -euo pipefail
grundy=${1:?usage: bash bench/mpi_floor.sh GRUNDY_BINARY_BUILT_WITH_MPI}
n=${N:-2}
runs=${RUNS:-5}
command -v mpicc > /dev/null || { echo "mpi_floor.sh: mpicc is missing (apt-get install libopenmpi-dev)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/floor.c" <<'C'
#include <mpi.h>
int main(int argc, char **argv) {
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
C
mpicc -O2 "$work/floor.c" -o "$work/floor"
mpirun=(mpirun --oversubscribe -np "$n")
[ "$(id -u)" -eq 0 ] && mpirun+=(--allow-run-as-root)
seconds() { /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -1; }
printf "%-8s %-10s %-10s\n" run mpi_only grundy_2x3
for i in $(seq "$runs"); do
    floor=$(seconds "${mpirun[@]}" "$work/floor")
    ours=$(seconds "${mpirun[@]}" "$grundy" solve cram 2x3 --value-only --distributed)
    printf "%-8s %-10s %-10s\n" "$i" "$floor" "$ours"
done
