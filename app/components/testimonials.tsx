const TESTIMONIALS = [
  { name: "Danielle R.", area: "Decatur", quote: "Booked on my phone during lunch, paid the deposit, done. The crew showed up at 8 sharp." },
  { name: "Marcus T.", area: "Midtown", quote: "They wrapped every piece of furniture and nothing got a scratch. Worth every dollar." },
  { name: "Priya S.", area: "Sandy Springs", quote: "The estimate matched the final bill. No surprise fees, which I have never had before." },
  { name: "James W.", area: "Marietta", quote: "Moved our whole office over a weekend. Monday morning everything was plugged in." },
  { name: "Alicia M.", area: "East Point", quote: "The luxury team packed our kitchen faster than I could have packed a drawer." },
  { name: "Tom & Grace K.", area: "Smyrna", quote: "Friendly, careful and quick. They even mounted the TV before they left." },
] as const;

type Testimonial = (typeof TESTIMONIALS)[number];

/** "Tom & Grace K." → "TG": the first two capitals that start a word. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .map((word) => word[0])
    .slice(0, 2)
    .join("");
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      {/* Text stars: six cards of five SVG icons would weigh more than the rest of the section. */}
      <p className="text-lg leading-none tracking-wider text-accent-600">
        <span aria-hidden>★★★★★</span>
        <span className="sr-only">Rated 5 out of 5</span>
      </p>
      <blockquote className="mt-3 flex-1 text-slate-700">“{testimonial.quote}”</blockquote>
      <figcaption className="mt-4 flex items-center gap-3 text-sm">
        <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800">
          {initials(testimonial.name)}
        </span>
        <span>
          <span className="font-semibold text-slate-900">{testimonial.name}</span> <span className="text-slate-500">· {testimonial.area}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** Six hard-coded testimonials in a grid that wraps to the screen: every card whole, nothing moving. */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-slate-50 px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="testimonials-heading" className="text-center text-2xl font-bold sm:text-3xl">
          What our customers say
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
