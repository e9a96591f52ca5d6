import {
  guessImportFormat,
  IMPORT_MAX_BYTES,
  IMPORT_TOO_LARGE_MESSAGE,
  type ImportFormat,
} from "../../../../shared/api/data-transfer-limits.ts";

export interface ChosenFile {
  name: string;
  content: string;
  format: ImportFormat | undefined;
}

/** The file's text and the format its first lines suggest; a file over the server's limit is refused here already. */
export async function readImportFile(file: File): Promise<ChosenFile> {
  if (file.size > IMPORT_MAX_BYTES) {
    throw new Error(`${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB. ${IMPORT_TOO_LARGE_MESSAGE}`);
  }
  const content = await file.text();
  return { name: file.name, content, format: guessImportFormat(content) };
}
