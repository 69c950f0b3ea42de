/** A form's refusal that belongs to no one field (the root error of `showServerErrors`), above its buttons. */
export function FormAlert({ message }: { message?: string }) {
  return message ? (
    <p
      role="alert"
      className="rounded-lg border border-rug/30 bg-rug-soft px-3 py-2 text-sm font-medium text-rug"
    >
      {message}
    </p>
  ) : null;
}
