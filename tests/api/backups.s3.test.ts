/** The admin's backups (tests/api/suites/backups.ts) with uploads and backups on a real S3 server. */
import { backupTests } from './suites/backups';

backupTests('s3');
