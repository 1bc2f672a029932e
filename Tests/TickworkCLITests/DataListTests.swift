import Testing

@testable import TickworkCLI

/// `tickwork data list`'s gaps and table, and `data download`'s progress line.
@Suite(.timeLimit(.minutes(10))) struct DataListTests {
    @Test func aGapIsAWeekdayBetweenTheFirstAndLastDayWithNoFile() {
        // 2026-11-02 is a Monday; the 7th and 8th are a weekend.
        #expect(DataList.gaps(["2026-11-02", "2026-11-03", "2026-11-06", "2026-11-09"]) == ["2026-11-04", "2026-11-05"])
        #expect(DataList.gaps(["2026-11-06", "2026-11-09"]) == [], "a weekend is no gap")
        #expect(DataList.gaps(["2026-12-31", "2027-01-04"]) == ["2027-01-01"], "a holiday shows as a gap")
        #expect(DataList.gaps([]) == [] && DataList.gaps(["2026-11-02"]) == [])
    }

    @Test func theTableNamesEachSymbolsDaysRecordsSizeAndGaps() {
        let entries = [
            DataList.Entry(symbol: "AAPL", days: 3, first: "2026-11-02", last: "2026-11-05", records: 1_234, bytes: 2_345_678, gaps: ["2026-11-04"]),
            DataList.Entry(
                symbol: "MSFT", days: 2, first: "2026-11-02", last: "2026-11-09", records: 0, bytes: 0,
                gaps: ["2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"]),
        ]
        #expect(DataList.table(entries) == """
            SYMBOL  DAYS  FIRST       LAST        RECORDS    SIZE  GAPS
            AAPL       3  2026-11-02  2026-11-05     1234  2.3 MB  2026-11-04
            MSFT       2  2026-11-02  2026-11-09        0  0.0 MB  4 days: 2026-11-03 ...

            """)
        #expect(DataList.table([]) == "no symbols\n")
    }

    @Test func theProgressLineSaysWhereTheDownloadIsAndHowLongIsLeft() {
        let progress = DownloadProgress(symbols: 2, days: 10, terminal: false)
        progress.starting("AAPL 2026-11-02")
        progress.wrote(records: 5_000)
        progress.finished(bytes: 1_500_000)
        progress.skippedDay()
        progress.starting("AAPL 2026-11-04")
        #expect(progress.text(elapsed: .seconds(2)) == "AAPL 2026-11-04, day 3/10 of 2 symbols, 5000 records, 1.5 MB, 2.5 k/s, about 16 s left")
    }
}
