/** A toast with the spec's two-line form: a bold title, then the description. */
export function Toast({ title, description }: { title: string; description?: string }) {
  return (
    <span>
      <strong>{title}</strong>
      {description ? (
        <>
          <br />
          {description}
        </>
      ) : null}
    </span>
  );
}
