// The home page of React Router's template: a heading, a short list of links, and a loader's value.
export function meta() {
  return [{ title: "New React Router App" }, { name: "description", content: "Welcome to React Router!" }];
}

export function loader() {
  return { message: "Hello from the server" };
}

const resources = [
  { href: "https://reactrouter.com/docs", text: "React Router Docs" },
  { href: "https://rmx.as/discord", text: "Join Discord" },
];

export default function Home({ loaderData }: { loaderData: { message: string } }) {
  return (
    <main>
      <h1>Welcome to React Router</h1>
      <p>{loaderData.message}</p>
      <nav>
        <p>What&apos;s next?</p>
        <ul>
          {resources.map(({ href, text }) => (
            <li key={href}>
              <a href={href} target="_blank" rel="noreferrer">
                {text}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
