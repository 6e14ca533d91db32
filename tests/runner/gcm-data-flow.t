#!/usr/bin/env bash
# AES-GCM as a data flow in the committed datasets (issue 28, item 7):
# - every one-call GCM case has its four data-flow cases (chunks of 128,
#   512, 1024 and 2048 bytes of the 8000-byte message), measured or said
#   not run: a port or image that dropped them fails the count;
# - the port hands the library one chunk a call: 62 calls of 128 bytes
#   cost more than 3 of 2048 bytes, so a port that ignored the chunk size
#   (one call for the whole message) shows equal counts and fails;
# - LibTomCrypt's table configuration builds its 64 KiB GHASH table once
#   per message: per byte, the data flow in 128-byte chunks costs less than
#   the 1024-byte one-call row, which builds the table for 1024 bytes. A
#   port that set the key up again per chunk (63 table builds) fails.
. "$(dirname "$0")/../lib.sh"
export LC_ALL=C
GCM_PERF='kind: performance, measure: data-flow, cipher_mode: GCM'

# The data-flow GCM rows of DATASET in chunks of $2, as "labels<TAB>count".
flow_rows() {
  grep -F "$GCM_PERF" "$1" | grep -F "chunk_bytes: $2," |
    sed -E 's/chunk_bytes: [0-9]+, //; s/, instructions: ([0-9]+).*/\t\1/' | sort
}
# GCM rows of DATASET of measure $2 (performance or not run).
gcm_count() {
  grep -E "kind: (performance|not-run), measure: $2, cipher_mode: GCM" "$1" | wc -l
}
# Pairs "labels<TAB>count in chunks of 128<TAB>count in chunks of 2048".
chunk_pairs() { join -t $'\t' <(flow_rows "$1" 128) <(flow_rows "$1" 2048); }
# LibTomCrypt's Tables rows: "labels<TAB>one call, 1024 bytes<TAB>data flow, 8000 bytes".
table_pairs() {
  local one flow
  one=$(grep -F 'kind: performance, measure: sole-buffer, cipher_mode: GCM' "$1" | grep -F 'variant: Tables,' |
    sed -E 's/measure: sole-buffer, //; s/message_bytes: 1024, //; s/, instructions: ([0-9]+).*/\t\1/' | sort)
  flow=$(grep -F "$GCM_PERF" "$1" | grep -F 'chunk_bytes: 128,' | grep -F 'variant: Tables,' |
    sed -E 's/measure: data-flow, //; s/message_bytes: 8000, chunk_bytes: 128, //; s/, instructions: ([0-9]+).*/\t\1/' | sort)
  join -t $'\t' <(printf '%s\n' "$one") <(printf '%s\n' "$flow")
}

datasets=0 tables=0
for ds in "$TOP"/data/mps2-*/*/dataset.yaml "$TOP"/data/mps3-*/*/dataset.yaml "$TOP"/data/microbit/*/dataset.yaml; do
  one=$(gcm_count "$ds" sole-buffer)
  [ "$one" -gt 0 ] || continue
  rel=${ds#"$TOP"/data/}; rel=${rel%/dataset.yaml}
  datasets=$((datasets + 1))
  flow=$(gcm_count "$ds" data-flow)
  check "$rel: four data-flow GCM rows for each of the $one one-call rows (found $flow)" [ "$flow" -eq $((one * 4)) ]
  pairs=$(chunk_pairs "$ds")
  if [ -n "$pairs" ]; then
    flat=$(awk -F '\t' '$2 <= $3' <<<"$pairs" | wc -l)
    check "$rel: every measured GCM data flow costs more in 128-byte chunks than in 2048-byte ones ($flat of $(wc -l <<<"$pairs") do not)" \
      [ "$flat" -eq 0 ]
  fi
  case $rel in */libtomcrypt-*)
    pairs=$(table_pairs "$ds")
    [ -n "$pairs" ] || continue
    tables=$((tables + 1))
    dear=$(awk -F '\t' '$3 * 1024 >= $2 * 8000' <<<"$pairs" | wc -l)
    check "$rel: LTC_GCM_TABLES data flow cheaper per byte than one call ($dear of $(wc -l <<<"$pairs") are not)" \
      [ "$dear" -eq 0 ]
  esac
done
check "datasets with GCM rows compared ($datasets)" [ "$datasets" -ge 30 ]
check "LibTomCrypt datasets with table rows compared ($tables)" [ "$tables" -ge 4 ]
done_testing
