import { describe, expect, it } from "vitest";
import { crewOfMove, scheduleDaySummary } from "./schedule";

describe("scheduleDaySummary", () => {
  it("counts bookings and crews on an open day, and says when more are out than it has", () => {
    expect(scheduleDaySummary({ crews: 3, crewsUsed: 2, state: "open", reason: null }, 3)).toBe("3 bookings · 2 of 3 crews");
    expect(scheduleDaySummary({ crews: 1, crewsUsed: 2, state: "full", reason: null }, 2)).toBe("2 bookings · 2 of 1 crew · Over capacity");
  });

  it("says a closed day is closed, with the bookings left to move, never over capacity", () => {
    expect(scheduleDaySummary({ crews: 0, crewsUsed: 1, state: "closed", reason: null }, 1)).toBe("Closed · 1 booking to move");
    expect(scheduleDaySummary({ crews: 0, crewsUsed: 2, state: "closed", reason: "Storm" }, 2)).toBe("Closed: Storm · 2 bookings to move");
    expect(scheduleDaySummary({ crews: 0, crewsUsed: 0, state: "closed", reason: "Thanksgiving" }, 0)).toBe("Closed: Thanksgiving");
  });
});

describe("crewOfMove", () => {
  const move = (id: string, starts: number, ends: number) => ({ id, span: { starts, ends } });

  it("finds the row the day grid puts a move on: the first crew free from its start, earliest and longer moves first", () => {
    const day = [move("c", 600, 720), move("a", 480, 840), move("b", 480, 600), { id: "none", span: null }];
    expect(crewOfMove("a", day, 3)).toBe(1);
    expect(crewOfMove("b", day, 3)).toBe(2);
    expect(crewOfMove("c", day, 3)).toBe(2);
  });

  it("gives a move past the day's crews the row beyond them, and none to a move holding no crew", () => {
    const day = [move("a", 480, 840), move("b", 480, 840), { id: "none", span: null }];
    expect(crewOfMove("b", day, 1)).toBe(2);
    expect(crewOfMove("none", day, 1)).toBeNull();
    expect(crewOfMove("elsewhere", day, 1)).toBeNull();
  });
});
