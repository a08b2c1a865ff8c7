/** Text as a literal inside a LIKE pattern: %, _ and the escape character itself lose their meaning. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
