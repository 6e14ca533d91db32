/* Every byte an image writes on stdout passes through here (the link wraps
 * newlib's _write, mk/firmware.mk), so the document can end with a count
 * and a CRC-32 of exactly the bytes the host should have received: a lost
 * or corrupted byte between the board and the runner is then detected, not
 * published (QEMU can drop semihosting output, a serial line can corrupt
 * it). */
#include <stddef.h>
#include <stdint.h>
#include "hal.h"

int __real__write(int fd, const void *buf, size_t len);
int __wrap__write(int fd, const void *buf, size_t len);

static uint32_t crc;
static uint32_t bytes;

/* CRC-32 (IEEE 802.3, reflected, as zlib's crc32) a nibble at a time: a
 * 64-byte table instead of 1 KiB, fast enough for a few tens of KiB. The
 * case runner sums a run's answer with it too. */
static const uint32_t nibble[16] = {
  0x00000000, 0x1db71064, 0x3b6e20c8, 0x26d930ac, 0x76dc4190, 0x6b6b51f4, 0x4db26158, 0x5005713c,
  0xedb88320, 0xf00f9344, 0xd6d6a3e8, 0xcb61b38c, 0x9b64c2b0, 0x86d3d2d4, 0xa00ae278, 0xbdbdf21c,
};

uint32_t cp_crc32(uint32_t sum, const void *data, size_t n)
{
  const uint8_t *p = data;
  sum ^= 0xffffffffu;
  while (n--) {
    sum ^= *p++;
    sum = (sum >> 4) ^ nibble[sum & 15];
    sum = (sum >> 4) ^ nibble[sum & 15];
  }
  return sum ^ 0xffffffffu;
}

static void account(const uint8_t *p, size_t n)
{
  bytes += (uint32_t)n;
  crc = cp_crc32(crc, p, n);
}

int __wrap__write(int fd, const void *buf, size_t len)
{
  int n = __real__write(fd, buf, len);
  if (fd == 1 && n > 0)
    account(buf, (size_t)n);
  return n;
}

uint32_t cp_console_crc32(void)
{
  return crc;
}

uint32_t cp_console_bytes(void)
{
  return bytes;
}
