"use client";

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "sans-serif", padding: 32 }}>
        <h1>Verity could not load</h1>
        <p>The server failed before the page could render. Check the server log.</p>
        {error.digest && <p>reference {error.digest}</p>}
      </body>
    </html>
  );
}
