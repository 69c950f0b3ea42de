/**
 * Awaits statements sent one after another in one transaction without waiting for each answer (pipeline mode,
 * db/client.ts) and returns their answers in the order sent. When one fails, those sent after it fail only because
 * the transaction is now aborted, so the first failure in the order sent is the one thrown, whichever settles first.
 */
export async function answersInOrder<T extends readonly unknown[]>(
  sent: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(sent);
  const failed = settled.find((answer) => answer.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((answer) => (answer as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
