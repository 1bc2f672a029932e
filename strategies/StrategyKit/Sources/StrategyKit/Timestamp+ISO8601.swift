// ISO-8601 is a wire format: the host formats and parses it through the Wire part, which
// reaches these through the `Wire` SPI; strategies see only `description`. The code stays here
// because `description` needs it and only the SDK sees `Timestamp`'s insides first hand.
extension Timestamp {
    /// The time as ISO-8601 UTC with nine fractional digits: `2015-12-04T09:02:16.680986205Z`.
    var iso8601: String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(30)
        formatISO8601(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `iso8601` as UTF-8 to `bytes`, for writers that build lines without `String`s.
    @_spi(Wire)
    public func formatISO8601(into bytes: inout [UInt8]) {
        let (seconds, fraction) = nanoseconds.divided(roundingDownBy: 1_000_000_000)
        let (days, secondOfDay) = seconds.divided(roundingDownBy: 86_400)
        let (year, month, day) = Timestamp.civil(fromDays: days)
        func put(_ value: Int64, digits: Int) {
            var divisor: Int64 = 1
            for _ in 1..<digits { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        put(year, digits: 4)
        bytes.append(UInt8(ascii: "-"))
        put(month, digits: 2)
        bytes.append(UInt8(ascii: "-"))
        put(day, digits: 2)
        bytes.append(UInt8(ascii: "T"))
        put(secondOfDay / 3600, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        put(secondOfDay / 60 % 60, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        put(secondOfDay % 60, digits: 2)
        bytes.append(UInt8(ascii: "."))
        put(fraction, digits: 9)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Parses the UTF-8 bytes of an ISO-8601 UTC time with any number of fractional digits
    /// (digits past the ninth are dropped), `Z` or a numeric offset such as `+01:00`. Returns
    /// nil for anything else, and for a time that nanoseconds in `Int64` cannot hold (before
    /// 1677-09-21, after 2262-04-11).
    @_spi(Wire)
    public init?(parsingISO8601 bytes: UnsafeRawBufferPointer) {
        var index = 0
        let count = bytes.count
        func number(_ digits: Int) -> Int64? {
            guard index + digits <= count else { return nil }
            var value: Int64 = 0
            for _ in 0..<digits {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }
        func expect(_ character: Unicode.Scalar) -> Bool {
            guard index < count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              index < count, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: " ")
        else { return nil }
        index += 1
        guard let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction: Int64 = 0
        if expect(".") {
            var digits = 0
            while index < count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                if digits < 9 { fraction = fraction * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in min(digits, 9)..<9 { fraction *= 10 }
        }
        var offsetSeconds: Int64 = 0
        if expect("Z") || expect("z") {
        } else if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[index] == UInt8(ascii: "+") ? 1 : -1
            index += 1
            guard let offsetHours = number(2) else { return nil }
            _ = expect(":")
            guard let offsetMinutes = number(2) else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == count else { return nil }
        let days = Timestamp.days(fromCivilYear: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        // Years 0000-9999 fit in seconds; in nanoseconds only 1677-09-21 to 2262-04-11 do.
        guard case let (whole, false) = seconds.multipliedReportingOverflow(by: 1_000_000_000),
              case let (nanoseconds, false) = whole.addingReportingOverflow(fraction)
        else { return nil }
        self.init(nanoseconds: nanoseconds)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func days(fromCivilYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
