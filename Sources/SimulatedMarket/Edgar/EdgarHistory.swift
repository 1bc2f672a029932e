import StrategyKit

/// The filings a company made before the exchange started, generated quarter by quarter from
/// its first year: a 10-Q for each fiscal quarter and a 10-K for each year, an 8-K with items
/// 2.02 and 9.01 (results) a couple of weeks before each, now and then other 8-Ks, and Form 4s
/// as often as its profile says. Each quarter's draws follow the earlier quarters' in the same
/// order, so a later end adds filings and changes none: the history is a pure function of the
/// seed, the CIK and its end.
struct EdgarHistory {
    let company: EdgarCompany
    let profile: EdgarProfile
    let seed: UInt64

    /// One periodic report: its form, fiscal period and dates.
    struct Period: Sendable, Hashable {
        var form: String
        /// `FY`, `Q1`, `Q2`, `Q3`.
        var fiscalPeriod: String
        var fiscalYear: Int
        var start: Int64
        var end: Int64
        var filed: Int64
        var accession: String
    }

    /// The periodic reports (10-K, 10-Q) among `filings`, oldest first.
    func periods(_ filings: [EdgarFiling]) -> [Period] {
        filings.reversed().compactMap { filing in
            guard filing.isXBRL, let end = filing.reportDay else { return nil }
            let (year, month) = EdgarCalendar.yearAndMonth(end)
            let fiscalMonth = (month - profile.fiscalYearEndMonth + 11) % 12 + 1
            let annual = filing.form == "10-K"
            return Period(
                form: filing.form, fiscalPeriod: annual ? "FY" : "Q\(fiscalMonth / 3)",
                fiscalYear: month <= profile.fiscalYearEndMonth ? year : year + 1,
                start: EdgarCalendar.lastDay(year: year, month: month - (annual ? 12 : 3)) + 1, end: end, filed: filing.filingDay,
                accession: filing.accessionNumber)
        }
    }

    /// Every filing accepted by `historyEnd`, newest first.
    func filings(through historyEnd: Timestamp) -> [EdgarFiling] {
        let lastDay = EdgarCalendar.day(historyEnd)
        var dates = EdgarProfile.random(seed: seed, cik: company.cik, stream: 2)
        var drafts: [(form: String, day: Int64, report: Int64?, second: Int64, items: String)] = []
        var quarter = 0
        while true {
            let month = profile.fiscalYearEndMonth + 3 * quarter
            let end = EdgarCalendar.lastDay(year: profile.firstYear - 1, month: month)
            guard end <= lastDay else { break }
            let annual = quarter % 4 == 0
            let filed = end + (annual ? dates.int(in: 55...75) : dates.int(in: 35...44))
            drafts.append((annual ? "10-K" : "10-Q", filed, end, dates.int(in: 72_000...79_000), ""))
            drafts.append(("8-K", end + dates.int(in: 20...34), end + 20, dates.int(in: 72_000...75_600), "2.02,9.01"))
            for _ in 0..<dates.int(in: 0...2) {
                let day = end + dates.int(in: 1...90)
                let items = EdgarFiling.eightKItems[Int(dates.int(in: 0...Int64(EdgarFiling.eightKItems.count - 1)))]
                drafts.append(("8-K", day, day - dates.int(in: 0...3), dates.int(in: 43_200...82_800), items))
            }
            for _ in 0..<dates.int(in: 0...Int64(profile.insiderFilings)) {
                let day = end + dates.int(in: 1...90)
                drafts.append(("4", day, day - dates.int(in: 1...3), dates.int(in: 43_200...82_800), ""))
            }
            quarter += 1
        }
        drafts = drafts.filter { $0.day <= lastDay }
        drafts.sort { ($0.day, $0.second) < ($1.day, $1.second) }

        var numbers = EdgarProfile.random(seed: seed, cik: company.cik, stream: 3)
        var sequenceOfYear: [Int: Int] = [:]
        let ticker = (company.tickers.first ?? "sim").lowercased()
        var filings: [EdgarFiling] = []
        filings.reserveCapacity(drafts.count)
        for draft in drafts {
            let year = EdgarCalendar.year(draft.day)
            let sequence = sequenceOfYear[year, default: 0] + 1
            sequenceOfYear[year] = sequence
            let accession = EdgarFiling.accession(cik: company.cik, year: year, sequence: sequence)
            let size = Int(numbers.int(in: 4_000...9_000_000))
            let film = EdgarCalendar.padded(year % 100, 2) + EdgarCalendar.padded(Int(numbers.int(in: 0...9_999_999)), 7)
            filings.append(EdgarFiling(
                accessionNumber: accession, form: draft.form, filingDay: draft.day, reportDay: draft.report,
                acceptance: Timestamp(nanoseconds: draft.day * EdgarCalendar.dayNanoseconds + draft.second * 1_000_000_000),
                items: draft.items, primaryDocument: Self.document(form: draft.form, ticker: ticker, report: draft.report, sequence: sequence),
                size: draft.form == "4" ? size / 1_000 : size, fileNumber: draft.form == "4" ? "" : profile.fileNumber, filmNumber: draft.form == "4" ? "" : film,
                isXBRL: draft.form.hasPrefix("10-")))
        }
        return filings.reversed().filter { $0.acceptance <= historyEnd }
    }

    /// The primary document's name: `simulated/aapl-20240928.htm` for a report,
    /// `simulated/aapl-8k_20241031.htm` for an 8-K, `simulated/form4-000123.xml` for a Form 4.
    static func document(form: String, ticker: String, report: Int64?, sequence: Int) -> String {
        let date = EdgarCalendar.date(report ?? 0).filter { $0 != "-" }
        switch form {
        case "4": return "simulated/form4-\(EdgarCalendar.padded(sequence, 6)).xml"
        case "8-K": return "simulated/\(ticker)-8k_\(date).htm"
        default: return "simulated/\(ticker)-\(date).htm"
        }
    }
}
