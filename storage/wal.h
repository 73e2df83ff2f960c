/* wal.h - private to storage/: the hooks table.c calls on every row change, and the
 * table primitives the log uses to undo and replay. */
#ifndef PRESSDB_STORAGE_WAL_H
#define PRESSDB_STORAGE_WAL_H
#include "storage/storage.h"

void wal_note_insert(stor_table *t, uint32_t row);
void wal_before_update(stor_table *t, uint32_t row);   /* saves the old image for undo */
void wal_note_update(stor_table *t, uint32_t row);
void wal_note_delete(stor_table *t, uint32_t row);

/* table.c primitives that do not log */
void tbl_undelete(stor_table *t, uint32_t row);
void tbl_put_at(stor_table *t, uint32_t row, const pdb_value *vals);  /* replay insert */
void stor_catalog_free(void);
#endif
