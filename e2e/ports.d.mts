export function freePort(): Promise<number>;
export function listening(port: number): Promise<boolean>;
