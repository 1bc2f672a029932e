/// Response bodies covering every quirk the client must tolerate, shared by the decoding tests
/// and the JSONDecoder oracle.
enum Fixtures {
    static let book = #"""
    {"ok":true,"venue":"TESTEX","symbol":"FOOBAR",
     "bids":[{"price":5200,"qty":1,"isBuy":true},{"price":5100,"qty":10,"isBuy":true}],
     "asks":[{"price":5250,"qty":3,"isBuy":false}],
     "ts":"2015-12-04T09:02:16.680986205Z"}
    """#

    /// Each quirk of the order book, one body per quirk.
    static let books: [(name: String, body: String)] = [
        ("spec example", book),
        ("null bids, empty asks", #"{"ok":true,"venue":"TESTEX","symbol":"FOOBAR","bids":null,"asks":[],"ts":"2015-12-04T09:02:16.680986205Z"}"#),
        ("both sides null", #"{"ok":true,"venue":"TESTEX","symbol":"FOOBAR","bids":null,"asks":null,"ts":"2015-12-04T09:02:16Z"}"#),
        ("millisecond time", #"{"ok":true,"venue":"TESTEX","symbol":"FOOBAR","bids":[],"asks":[{"price":1,"qty":2,"isBuy":false}],"ts":"2015-12-04T09:02:16.680Z"}"#),
        ("microsecond time", #"{"ok":true,"venue":"TESTEX","symbol":"FOOBAR","bids":[],"asks":[],"ts":"2015-12-04T09:02:16.680986Z"}"#),
        ("twelve fractional digits", #"{"ok":true,"venue":"TESTEX","symbol":"FOOBAR","bids":[],"asks":[],"ts":"2015-12-04T09:02:16.680986205123Z"}"#),
        ("offset time", #"{"ok":true,"venue":"TESTEX","symbol":"FOOBAR","bids":[],"asks":[],"ts":"2015-12-04T10:02:16.5+01:00"}"#),
        ("unknown fields of every kind", #"{"ok":true,"error":"","extra":{"a":[1,2.5e3,-0.5,{"b":null}],"c":"\"\u00e9\\"},"venue":"TESTEX","symbol":"FOOBAR","bids":[{"price":5100,"qty":10,"isBuy":true,"id":7,"owner":"x"}],"asks":[],"ts":"2015-12-04T09:02:16.680986205Z","depth":1.5}"#),
        ("pretty printed", "{\n  \"ok\" : true,\n  \"venue\" : \"TESTEX\",\n  \"symbol\" : \"FOOBAR\",\n  \"bids\" : [ { \"price\" : 5100 , \"qty\" : 10 , \"isBuy\" : true } ],\n\t\"asks\" : [ ],\r\n  \"ts\" : \"2015-12-04T09:02:16.680986205Z\"\n}\n"),
        ("escaped venue name", #"{"ok":true,"venue":"TEST\u0045X","symbol":"FOO\/BAR","bids":[],"asks":[],"ts":"2015-12-04T09:02:16Z"}"#),
    ]

    static let order = #"""
    {"ok":true,"symbol":"FOOBAR","venue":"TESTEX","direction":"buy",
     "originalQty":100,"qty":20,"price":5100,"orderType":"limit","id":12345,
     "account":"EXB123456","ts":"2015-07-05T22:16:18.000000000Z",
     "fills":[{"price":5050,"qty":50,"ts":"2015-07-05T22:16:18.1Z"},{"price":5100,"qty":30,"ts":"2015-07-05T22:16:18.123456Z"}],
     "totalFilled":80,"open":true}
    """#

    /// Each quirk of the order object, one body per quirk.
    static let orders: [(name: String, body: String)] = [
        ("spec example", order),
        ("type instead of orderType", #"{"ok":true,"symbol":"FOOBAR","venue":"TESTEX","direction":"sell","originalQty":5,"qty":0,"price":4900,"type":"fill-or-kill","id":3,"account":"EXB123456","ts":"2015-07-05T22:16:18Z","fills":[],"totalFilled":0,"open":false}"#),
        ("short type alias", #"{"ok":true,"symbol":"FOOBAR","venue":"TESTEX","direction":"buy","originalQty":5,"qty":0,"price":4900,"orderType":"ioc","id":4,"account":"EXB123456","ts":"2015-07-05T22:16:18.5Z","fills":[{"price":4900,"qty":5,"ts":"2015-07-05T22:16:18.5Z"}],"totalFilled":5,"open":false}"#),
        ("null fills", #"{"ok":true,"symbol":"FOOBAR","venue":"TESTEX","direction":"buy","originalQty":5,"qty":5,"price":4900,"orderType":"limit","id":5,"account":"EXB123456","ts":"2015-07-05T22:16:18.5Z","fills":null,"totalFilled":0,"open":true}"#),
        ("market order at price 0", #"{"ok":true,"symbol":"FOOBAR","venue":"TESTEX","direction":"sell","originalQty":7,"qty":0,"price":0,"orderType":"market","id":6,"account":"EXB123456","ts":"2015-07-05T22:16:18.5Z","fills":[{"price":5000,"qty":7,"ts":"2015-07-05T22:16:18.5Z"}],"totalFilled":7,"open":false}"#),
    ]

    /// An order list mixing the quirks above.
    static let orderList = """
    {"ok":true,"venue":"TESTEX","orders":[\(orders.map { $0.body }.joined(separator: ","))]}
    """
    static let emptyOrderList = #"{"ok":true,"venue":"TESTEX","orders":[]}"#
    static let nullOrderList = #"{"ok":true,"venue":"TESTEX","orders":null}"#

    static let quote = #"""
    {"ok":true,"symbol":"FOOBAR","venue":"TESTEX","bid":5100,"ask":5125,"bidSize":392,
     "askSize":711,"bidDepth":2748,"askDepth":2237,"last":5125,"lastSize":52,
     "lastTrade":"2015-07-13T05:38:17.33640392Z","quoteTime":"2015-07-13T05:38:17.33640392Z"}
    """#
    /// A quote of an empty book before any trade: the optional fields are left out.
    static let bareQuote = #"{"ok":true,"symbol":"FOOBAR","venue":"TESTEX","bidSize":0,"askSize":0,"bidDepth":0,"askDepth":0,"quoteTime":"2015-07-13T05:38:17.3Z"}"#
}
