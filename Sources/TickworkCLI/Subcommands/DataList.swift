import CommandLineKit
import FoundationEssentials
import Recording
import Wire

/// `tickwork data list DIR`: what a `data download` directory holds, per symbol.
enum DataList {
    static let command = Command(
        name: "list",
        summary: "List the symbols and days of a data directory: days, records, size and missing weekdays.",
        discussion: """
            For each SYMBOL directory of DIR: its day files (YYYY-MM-DD.twrc, .twrb or .jsonl), \
            the first and last day, the records they hold, their size, and the gaps: the \
            weekdays between the first and the last day that have no file (a market holiday \
            shows as a gap too). A .partial file (a download cut off) is not a day.
            """,
        arguments: [directory],
        options: [json],
        run: run
    )

    static let directory: Argument<String> = .required("DIR", help: "The directory `data download --out` wrote.")
    static let json: Option<Bool> = .flag("--json", help: "Print JSON instead of a table.")

    /// One symbol's days.
    struct Entry: Encodable, Hashable {
        var symbol: String
        var days: Int
        var first: String?
        var last: String?
        var records: Int
        var bytes: Int
        /// The weekdays from `first` to `last` with no file.
        var gaps: [String]
    }

    static func run(_ invocation: Invocation) throws -> Int32 {
        let entries = try list(invocation[Self.directory])
        if invocation[Self.json] {
            Console.out(try JSONOutput.encode(entries))
        } else {
            Console.out(table(entries), terminator: "")
        }
        return 0
    }

    /// The entries of `directory`'s symbol directories, in name order.
    static func list(_ directory: String) throws -> [Entry] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw CLIError.failure("\(directory): cannot list the directory")
        }
        var entries: [Entry] = []
        for name in names {
            let path = "\(directory)/\(name)"
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory else { continue }
            do throws(BacktestError) {
                let days = try DayRecordings.select([path])
                var records = 0, bytes = 0
                for day in days {
                    let reader = try RecordingFormat.open(path: day.path)
                    while try reader.next() != nil { records += 1 }
                    bytes += reader.progress.total
                }
                let dates = days.compactMap(\.date)
                entries.append(Entry(
                    symbol: name, days: dates.count, first: dates.first, last: dates.last, records: records, bytes: bytes, gaps: gaps(dates)))
            } catch {
                throw CLIError.failure("\(error)")
            }
        }
        return entries
    }

    /// The weekdays between the first and the last of `dates` (sorted) that are not among them.
    static func gaps(_ dates: [String]) -> [String] {
        guard var date = dates.first, let last = dates.last else { return [] }
        let present = Set(dates)
        var missing: [String] = []
        while date < last, let next = NewYorkTime.day(after: date) {
            date = next
            if let weekday = NewYorkTime.weekday(of: date), (1...5).contains(weekday), !present.contains(date) { missing.append(date) }
        }
        return missing
    }

    static func table(_ entries: [Entry]) -> String {
        guard !entries.isEmpty else { return "no symbols\n" }
        let rows = [["SYMBOL", "DAYS", "FIRST", "LAST", "RECORDS", "SIZE", "GAPS"]] + entries.map { entry in
            let gaps = entry.gaps.count <= 3 ? entry.gaps.joined(separator: " ") : "\(entry.gaps.count) days: \(entry.gaps[0]) ..."
            return [
                entry.symbol, String(entry.days), entry.first ?? "-", entry.last ?? "-", String(entry.records), megabytes(entry.bytes),
                gaps.isEmpty ? "none" : gaps,
            ]
        }
        return TextTable.render(rows, rightAligned: [1, 4, 5])
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
