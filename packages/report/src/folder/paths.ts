/** The folder, inside an evidence folder, where `evidence report` writes its page and charts. */
export const REPORT_DIR = 'report';
