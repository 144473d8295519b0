import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

describe("csvCell", () => {
  it("leaves plain text and numbers as they are", () => {
    expect(csvCell("Ann Lee")).toBe("Ann Lee");
    expect(csvCell(1250.5)).toBe("1250.5");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvCell("Lee, Ann")).toBe('"Lee, Ann"');
    expect(csvCell('The "Big" Move')).toBe('"The ""Big"" Move"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1 404 555 0100")).toBe(`"'+1 404 555 0100"`);
    expect(csvCell("-2")).toBe(`"'-2"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\tcmd")).toBe(`"'\tcmd"`);
    expect(csvCell("\rcmd")).toBe(`"'\rcmd"`);
  });

  it("quotes cells holding a semicolon or a tab, which some spreadsheets split on", () => {
    expect(csvCell("Suite 4; back door")).toBe('"Suite 4; back door"');
    expect(csvCell("a\tb")).toBe('"a\tb"');
  });

  it("neutralises a formula that starts after any separator, not only at the start", () => {
    expect(csvCell("x;=1+2;@SUM(1+1)")).toBe(`"'x;=1+2;@SUM(1+1)"`);
    expect(csvCell("Lee,+1 404")).toBe(`"'Lee,+1 404"`);
    expect(csvCell("a\t-2")).toBe(`"'a\t-2"`);
    expect(csvCell("a; @cmd")).toBe(`"'a; @cmd"`);
    expect(csvCell("line one\n=2")).toBe(`"'line one\n=2"`);
  });

  it("leaves separators followed by plain text unprefixed", () => {
    expect(csvCell("Lee, Ann; Bo")).toBe('"Lee, Ann; Bo"');
    expect(csvCell("Smith-Jones")).toBe("Smith-Jones");
  });
});

describe("csvLine", () => {
  it("joins cells with commas and ends with CRLF", () => {
    expect(csvLine(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
  });
});
