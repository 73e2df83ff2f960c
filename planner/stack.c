/* stack.c - how much of the running thread's stack is left, so that recursion over a
 * deeply nested statement (the parser, expression compilation, subqueries) ends in an
 * error instead of overflowing the stack and taking the server down. */
#include "planner/planner.h"
#include <pthread.h>
#include <stdio.h>

/* The lowest usable address of this thread's stack and the stack's size; NULL while
 * unknown (pthread_getattr_np failed: no check is made then). */
static __thread char *stack_lo;
static __thread size_t stack_size;
static __thread bool stack_read;

bool pl_stack_low(void)
{
    if (!stack_read) {
        pthread_attr_t at;
        stack_read = true;
        if (pthread_getattr_np(pthread_self(), &at) == 0) {
            void *addr;
            size_t size;
            if (pthread_attr_getstack(&at, &addr, &size) == 0) {
                stack_lo = addr;
                stack_size = size;
            }
            pthread_attr_destroy(&at);
        }
    }
    if (!stack_lo) return false;
    /* the frame address, not a local's: ASan may keep locals on a heap "fake stack" */
    char *sp = __builtin_frame_address(0);
    size_t margin = stack_size / 4 < PL_STACK_MARGIN ? stack_size / 4 : PL_STACK_MARGIN;
    return sp < stack_lo + margin;
}

void pl_stack_overrun_msg(char *buf, size_t cap)
{
    char *sp = __builtin_frame_address(0);
    long used = stack_lo ? (long)(stack_lo + stack_size - sp) : 0;
    long margin = (long)(stack_size / 4 < PL_STACK_MARGIN ? stack_size / 4 : PL_STACK_MARGIN);
    snprintf(buf, cap, "Thread stack overrun:  %ld bytes used of a %ld byte stack, and %ld bytes "
             "needed. Consider increasing the thread_stack system variable.",
             used, (long)stack_size, margin);
}
