/* A tiny bare-metal program for tests/cycles/command.t: windows delimited
 * by calls of mark, then one of the endings cryptoperf-cycles must handle
 * (ENDING_EXIT: semihosting exit with status EXIT_STATUS; ENDING_LOCKUP: a
 * fault whose handler faults again; ENDING_LOOP: runs until the timeout).
 * UART0 prints "hi" first on the MPS2 boards (CMSDK UART at 0x40004000).
 * Thumb-1 only, so that it builds for the Cortex-M0 too. */
  .syntax unified
  .thumb

  .section .vectors, "a"
  .word 0x20002000          /* initial SP: RAM on every machine used here */
  .word reset
  .word nmi
  .word hardfault

  .text
  .type mark, %function
  .thumb_func
mark:
  bx lr

  .global reset
  .type reset, %function
  .thumb_func
reset:
#ifdef UART
  ldr r0, =0x40004000
  movs r1, #16
  str r1, [r0, #16]         /* BAUDDIV */
  movs r1, #1
  str r1, [r0, #8]          /* CTRL: TX enable */
  movs r1, #'h'
  str r1, [r0]
  movs r1, #'i'
  str r1, [r0]
  movs r1, #'\n'
  str r1, [r0]
#endif
  bl mark                   /* opens window 0: 5 instructions */
  movs r0, #1
  adds r0, #1
  adds r0, #1
  bl mark                   /* closes window 0 */
  bl mark                   /* opens window 1: 3 instructions */
  mov r8, r8
  bl mark                   /* closes window 1 */
  bl mark                   /* opens window 2, never closed: no line */
  movs r0, #0
#if defined(ENDING_EXIT)
  movs r0, #0x20            /* SYS_EXIT_EXTENDED */
  ldr r1, =exit_block
  bkpt 0xab
#elif defined(ENDING_LOCKUP)
  udf #0
#else
  b .
#endif

  .type hardfault, %function
  .thumb_func
hardfault:
  udf #0                    /* a fault in the fault handler: lockup */

  .type nmi, %function
  .thumb_func
nmi:
  b nmi

  .align 2
exit_block:                 /* ADP_Stopped_ApplicationExit, status */
  .word 0x20026
  .word EXIT_STATUS
  .ltorg
