import CommandLineKit
import FoundationEssentials
import History
import Quotes
import StrategyKit
import Wire

/// How `tickwork history` prints rows: an aligned table for people (times in ISO-8601 UTC,
/// `_units` amounts in dollars), or the database's integers as they are in JSON or CSV.
enum HistoryOutput {
    enum Format {
        case table, json, csv
    }

    /// The rows in `format`, ending with a newline (nothing but the header for no rows).
    static func render(columns: [String], rows: [[SQLiteValue]], format: Format) -> String {
        switch format {
        case .table: return table(columns: columns, rows: rows)
        case .json, .csv:
            var text = opening(columns: columns, format: format)
            for (number, row) in rows.enumerated() { text += line(row, number: number, columns: columns, format: format) }
            return text + closing(rows: rows.count, format: format)
        }
    }

    static func render<Record: HistoryRecord>(_ records: [Record], format: Format) -> String {
        render(columns: Record.columns, rows: records.map(\.values), format: format)
    }

    /// The most rows a table is made of: it is printed once its columns' widths are known, after
    /// the last row, so its rows are held until then.
    static let tableRowLimit = 10_000

    /// Prints the rows of `cursor` in `format` as they come, in writes of about 64 KiB, so that
    /// a statement of any number of rows (or one that never ends) holds one row at a time. A
    /// table, which needs every row before its first line, is refused past `tableRowLimit` rows,
    /// before anything is printed.
    static func stream(_ cursor: HistoryCursor, format: Format) throws {
        let columns = cursor.columns
        guard format != .table else {
            var rows: [[SQLiteValue]] = []
            while let row = try cursor.next() {
                guard rows.count < tableRowLimit else {
                    throw CLIError.failure(
                        "more than \(tableRowLimit) rows for a table, which prints only once it has them all; "
                            + "add a LIMIT, or use --csv or --json, which print each row as it comes")
                }
                rows.append(row)
            }
            Console.out(table(columns: columns, rows: rows), terminator: "")
            return
        }
        var text = opening(columns: columns, format: format)
        var number = 0
        while let row = try cursor.next() {
            text += line(row, number: number, columns: columns, format: format)
            number += 1
            if text.utf8.count >= 65_536 {
                Console.out(text, terminator: "")
                text = ""
            }
        }
        Console.out(text + closing(rows: number, format: format), terminator: "")
    }

    private static func table(columns: [String], rows: [[SQLiteValue]]) -> String {
        let header = columns.map { column in
            var name = column
            for suffix in ["_units", "_shares", "_ns"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
            return name.replacing("_", with: " ").uppercased()
        }
        var numeric = Set<Int>()
        let body = rows.map { row in
            row.enumerated().map { index, value -> String in
                switch value {
                case .null: return "-"
                case .text(let text): return text
                case .integer(let integer):
                    let column = columns[index]
                    if column.hasSuffix("_ns") { return Timestamp(nanoseconds: integer).iso8601 }
                    numeric.insert(index)
                    guard column.hasSuffix("_units") else { return String(integer) }
                    var bytes: [UInt8] = []
                    bytes.appendDollars(Money(units: integer))
                    return String(decoding: bytes, as: UTF8.self)
                }
            }
        }
        return TextTable.render([header] + body, rightAligned: numeric)
    }

    /// What comes before the first row: JSON's `[`, CSV's header line.
    private static func opening(columns: [String], format: Format) -> String {
        format == .json ? "[" : CSVTable.record(columns) + "\n"
    }

    /// Row `number` (from 0) in JSON (an object on a line of its own, after a comma but for the
    /// first) or CSV (a record and its newline).
    private static func line(_ row: [SQLiteValue], number: Int, columns: [String], format: Format) -> String {
        guard format == .json else {
            return CSVTable.record(row.map { value in
                switch value {
                case .null: ""
                case .integer(let integer): String(integer)
                case .text(let string): string
                }
            }) + "\n"
        }
        var bytes: [UInt8] = Array((number == 0 ? "\n  {" : ",\n  {").utf8)
        for (index, value) in row.enumerated() {
            if index > 0 { bytes.append(contentsOf: Array(", ".utf8)) }
            bytes.appendJSONString(columns[index])
            bytes.append(contentsOf: Array(": ".utf8))
            switch value {
            case .null: bytes.append(contentsOf: Array("null".utf8))
            case .integer(let integer): bytes.appendDecimal(integer)
            case .text(let text): bytes.appendJSONString(text)
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What comes after `rows` rows: JSON's `]` (on a line of its own after rows), nothing in CSV.
    private static func closing(rows: Int, format: Format) -> String {
        guard format == .json else { return "" }
        return rows == 0 ? "]\n" : "\n]\n"
    }
}
