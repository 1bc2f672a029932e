import APIClient
import Edgar
import History
import StrategyKit
import Wire

/// How `tickwork filings` prints: the history's table, CSV or, for `--json`, an object with
/// the chain's steps and the filings.
enum FilingsOutput {
    /// A stored filing and the ticker it was asked by.
    struct Row {
        var ticker: String
        var filing: HistoryFiling
    }

    /// A step of the chain as `--json` prints it: `outcome` is `ok` or the error's line.
    struct Step: Encodable {
        var index: Int
        var description: String
        var outcome: String
        var durationMs: Int64

        init(_ step: RequestChain<FilingsStepValue, EdgarError>.Step) {
            index = step.index
            description = step.description
            switch step.outcome {
            case .success: outcome = "ok"
            case .failure(let error): outcome = "\(error)"
            }
            durationMs = DurationText.wholeMilliseconds(step.duration)
        }
    }

    /// A filing as `--json` prints it.
    struct FilingJSON: Encodable {
        var accession: String
        var ticker: String
        var cik: Int64
        var form: String
        var items: [String]
        var filingDate: String
        var reportDate: String?
        var accepted: String
        var primaryDocument: String
        var url: String
    }

    struct Document: Encodable {
        var steps: [Step]
        var filings: [FilingJSON]
    }

    /// The table's and CSV's columns; `accepted_ns` prints as ISO-8601 UTC in the table.
    static let columns = ["accepted_ns", "ticker", "form", "items", "primary_document", "url", "accession", "filing_date", "report_date"]

    /// `rows` in `format` (the table leaves out the accession and dates, which the URL and
    /// acceptance time carry), ending with a newline.
    static func render(_ rows: [Row], steps: [Step], format: HistoryOutput.Format) -> String {
        switch format {
        case .json:
            let filings = rows.map { row in
                FilingJSON(
                    accession: row.filing.accession, ticker: row.ticker, cik: row.filing.cik, form: row.filing.form,
                    items: row.filing.items, filingDate: row.filing.filingDate, reportDate: row.filing.reportDate,
                    accepted: row.filing.accepted.iso8601, primaryDocument: row.filing.primaryDocument, url: row.filing.url)
            }
            return ((try? JSONOutput.encode(Document(steps: steps, filings: filings))) ?? "{}") + "\n"
        case .csv, .table:
            let shown = format == .table ? 6 : columns.count
            let values = rows.map { row -> [SQLiteValue] in
                let filing = row.filing
                let all: [SQLiteValue] = [
                    .integer(filing.accepted.nanoseconds), .text(row.ticker), .text(filing.form), .text(filing.items.joined(separator: ",")),
                    .text(filing.primaryDocument), .text(filing.url), .text(filing.accession), .text(filing.filingDate),
                    filing.reportDate.map { .text($0) } ?? .null,
                ]
                return Array(all.prefix(shown))
            }
            return HistoryOutput.render(columns: Array(columns.prefix(shown)), rows: values, format: format)
        }
    }
}
