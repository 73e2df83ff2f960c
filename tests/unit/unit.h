/* unit.h - helpers the unit test files share (one definition, in test_wal_rowid.c). */
#ifndef PDB_UNIT_H
#define PDB_UNIT_H

/* Removes dir and the files a store made in it (no subdirectories). */
void unit_remove_dir(const char *dir);

#endif
