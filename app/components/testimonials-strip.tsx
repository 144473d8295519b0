const TESTIMONIALS = [
  { name: "Danielle R.", area: "Decatur", quote: "Booked on my phone during lunch, paid the deposit, done. The crew showed up at 8 sharp." },
  { name: "Marcus T.", area: "Midtown", quote: "They wrapped every piece of furniture and nothing got a scratch. Worth every dollar." },
  { name: "Priya S.", area: "Sandy Springs", quote: "The estimate matched the final bill. No surprise fees, which I have never had before." },
  { name: "James W.", area: "Marietta", quote: "Moved our whole office over a weekend. Monday morning everything was plugged in." },
  { name: "Alicia M.", area: "East Point", quote: "The luxury team packed our kitchen faster than I could have packed a drawer." },
  { name: "Tom & Grace K.", area: "Smyrna", quote: "Friendly, careful and quick. They even mounted the TV before they left." },
] as const;

function TestimonialCard({ testimonial }: { testimonial: (typeof TESTIMONIALS)[number] }) {
  return (
    <figure className="w-72 shrink-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:w-80">
      {/* Text stars: twelve cards of five SVG icons would weigh more than the rest of the page. */}
      <p className="text-lg leading-none tracking-wider text-accent-500" aria-hidden>
        ★★★★★
      </p>
      <blockquote className="mt-3 text-slate-700">“{testimonial.quote}”</blockquote>
      <figcaption className="mt-3 text-sm font-semibold text-slate-900">
        {testimonial.name} <span className="font-normal text-slate-500">· {testimonial.area}</span>
      </figcaption>
    </figure>
  );
}

/**
 * Six hard-coded testimonials scrolling sideways. The list is rendered twice so the loop is
 * seamless; the copy is hidden from assistive technology. Hover pauses it; with reduced motion
 * it stands still and scrolls by hand.
 */
export function TestimonialsStrip() {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-slate-50 py-12">
      <h2 id="testimonials-heading" className="px-4 text-center text-2xl font-bold">
        What our customers say
      </h2>
      <div className="group mt-8 overflow-hidden motion-reduce:overflow-x-auto">
        <div className="flex w-max gap-4 px-4 animate-marquee group-hover:[animation-play-state:paused] motion-reduce:animate-none">
          <ul className="flex gap-4">
            {TESTIMONIALS.map((testimonial) => (
              <li key={testimonial.name}>
                <TestimonialCard testimonial={testimonial} />
              </li>
            ))}
          </ul>
          <ul className="flex gap-4 motion-reduce:hidden" aria-hidden>
            {TESTIMONIALS.map((testimonial) => (
              <li key={testimonial.name}>
                <TestimonialCard testimonial={testimonial} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
