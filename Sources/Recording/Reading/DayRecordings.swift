import FoundationEssentials

/// One day's recording: the file, and the trading day it covers when that is known.
public struct RecordingDay: Hashable, Sendable {
    /// The trading day, `YYYY-MM-DD`: from the file's name (`2026-11-02.twrc`), else its header's
    /// session; nil for a recording that says neither.
    public var date: String?
    public var path: String

    public init(date: String?, path: String) {
        self.date = date
        self.path = path
    }
}

/// The recordings a run replays, day by day: `data download` writes one file per symbol and
/// day (`DIR/AAPL/2026-11-02.twrc`), and a backtest or a walk-forward names the directory and
/// the days it wants. The one place that says which day a recording is of.
public enum DayRecordings {
    /// The file extensions of recordings, in all three forms.
    static let extensions = [".twrc", ".twrb", ".jsonl"]

    /// Each of `paths` in turn: a directory becomes its day files (names `YYYY-MM-DD` with a
    /// recording's extension, in date order; other files are ignored), a file stays as given.
    /// With `from` or `to` (`YYYY-MM-DD`, inclusive), only the days within them are kept, and a
    /// file whose day is unknown is refused. Throws for a path that cannot be read or a bad date.
    public static func select(_ paths: [String], from: String? = nil, to: String? = nil) throws(BacktestError) -> [RecordingDay] {
        for (name, date) in [("--from", from), ("--to", to)] {
            if let date, !isDate(date) { throw .io(path: name, reason: "\(date) is not a date (YYYY-MM-DD)") }
        }
        var days: [RecordingDay] = []
        for path in paths {
            days += try expand(path)
        }
        guard from != nil || to != nil else { return days }
        var kept: [RecordingDay] = []
        for day in days {
            guard let date = day.date else {
                throw .io(path: day.path, reason: "its day is unknown (name it YYYY-MM-DD\(extensions[0]), or give no --from/--to)")
            }
            if from.map({ date >= $0 }) ?? true, to.map({ date <= $0 }) ?? true { kept.append(day) }
        }
        return kept
    }

    /// `path`'s day files, or `path` itself with its day.
    private static func expand(_ path: String) throws(BacktestError) -> [RecordingDay] {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .io(path: path, reason: "no such file or directory")
        }
        guard isDirectory else { return [RecordingDay(date: try day(ofFile: path), path: path)] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .io(path: path, reason: "cannot list the directory: \(error)")
        }
        let directory = path.hasSuffix("/") ? path : path + "/"
        return names.compactMap { name in dateInName(name).map { RecordingDay(date: $0, path: directory + name) } }
            .sorted { ($0.date ?? "", $0.path) < ($1.date ?? "", $1.path) }
    }

    /// The day of a file given by name: its name's date, else its header's session date.
    private static func day(ofFile path: String) throws(BacktestError) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if let date = dateInName(name) { return date }
        guard isRegularFile(path) else { return nil }
        return try RecordingFormat.open(path: path).header.session?.date
    }

    /// The date a day file's name is, `2026-11-02.twrc` → `2026-11-02`; nil for any other name.
    static func dateInName(_ name: String) -> String? {
        guard let ext = extensions.first(where: name.hasSuffix) else { return nil }
        let stem = String(name.dropLast(ext.count))
        return isDate(stem) ? stem : nil
    }

    /// Whether `text` is a calendar date written `YYYY-MM-DD`.
    public static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }), (1...12).contains(month) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...lengths[month - 1]).contains(day)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
    }
}
