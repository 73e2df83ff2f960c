/* accounts_internal.h - kept for existing includes: the account functions now live in
 * storage.h's accounts section. */
#ifndef PRESSDB_STORAGE_ACCOUNTS_INTERNAL_H
#define PRESSDB_STORAGE_ACCOUNTS_INTERNAL_H
#include "storage/storage.h"
#endif
