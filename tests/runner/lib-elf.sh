# shellcheck shell=bash
# classes ELF: "code const data", the sizes of its allocated sections summed
# per footprint class (AX, A, WA) from arm-none-eabi-readelf -S, independently
# of the runner's libelf reader (tests/runner/fake.t, elfsyms.t).
classes() {
  arm-none-eabi-readelf -SW "$1" | awk '
    function hex(s,  i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
    /^ *\[ *[0-9]+\]/ { sub(/^ *\[ *[0-9]+\] */, ""); if ($1 == "NULL") next
      size = hex($5); flags = $7
      if (flags !~ /A/) next
      if (flags ~ /X/) c += size; else if (flags ~ /W/) w += size; else r += size }
    END { printf "%d %d %d", c, r, w }'
}
