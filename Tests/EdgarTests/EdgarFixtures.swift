/// EDGAR documents written from the public documentation's field lists (sec.gov/edgar/sec-api-
/// documentation), with the fields a reader skips left in.
enum EdgarFixtures {
    static let companyTickers = """
        {"0":{"cik_str":320193,"ticker":"AAPL","title":"Apple Inc."},\
        "1":{"cik_str":789019,"ticker":"MSFT","title":"MICROSOFT CORP"},\
        "2":{"cik_str":1652044,"ticker":"GOOGL","title":"Alphabet Inc."},\
        "3":{"cik_str":1067983,"ticker":"BRK-B","title":"BERKSHIRE HATHAWAY INC"},\
        "4":{"cik_str":1418091,"ticker":"APLE","title":"Apple Hospitality REIT, Inc."}}
        """

    /// Apple's submissions: two recent filings (an 8-K with items, a Form 4 without a report
    /// date), one older page, and the top-level fields a reader skips.
    static let appleSubmissions = """
        {"cik":"0000320193","entityType":"operating","sic":"3571","sicDescription":"Electronic Computers",\
        "ownerOrg":"06 Technology","insiderTransactionForOwnerExists":0,"insiderTransactionForIssuerExists":1,\
        "name":"Apple Inc.","tickers":["AAPL"],"exchanges":["Nasdaq"],"ein":"942404110",\
        "description":"","website":"","investorWebsite":"","category":"Large accelerated filer",\
        "fiscalYearEnd":"0926","stateOfIncorporation":"CA","stateOfIncorporationDescription":"CA",\
        "addresses":{"mailing":{"street1":"ONE APPLE PARK WAY","street2":null,"city":"CUPERTINO","stateOrCountry":"CA",\
        "zipCode":"95014","stateOrCountryDescription":"CA"},"business":{"street1":"ONE APPLE PARK WAY","street2":null,\
        "city":"CUPERTINO","stateOrCountry":"CA","zipCode":"95014","stateOrCountryDescription":"CA"}},\
        "phone":"(408) 996-1010","flags":"","formerNames":[{"name":"APPLE COMPUTER INC","from":"1994-01-26T00:00:00.000Z",\
        "to":"2019-08-05T00:00:00.000Z"}],\
        "filings":{"recent":{"accessionNumber":["0000320193-24-000123","0001140361-24-041776"],\
        "filingDate":["2024-10-31","2024-10-04"],"reportDate":["2024-10-31",""],\
        "acceptanceDateTime":["2024-10-31T16:30:41.000Z","2024-10-04T18:31:03.000Z"],\
        "act":["34",""],"form":["8-K","4"],"fileNumber":["001-36743",""],"filmNumber":["241416806",""],\
        "items":["2.02,9.01",""],"core_type":["8-K","4"],"size":[4502349,5191],"isXBRL":[1,0],"isInlineXBRL":[1,0],\
        "primaryDocument":["aapl-20241031.htm","xslF345X05/wk-form4_1728081059.xml"],\
        "primaryDocDescription":["8-K","FORM 4"]},\
        "files":[{"name":"CIK0000320193-submissions-001.json","filingCount":1234,"filingFrom":"1994-01-26","filingTo":"2014-01-01"}]}}
        """

    /// Apple's older page: the `recent` object's parallel arrays at the top level.
    static let applePage = """
        {"accessionNumber":["0001193125-13-416534"],"filingDate":["2013-10-30"],"reportDate":["2013-09-28"],\
        "acceptanceDateTime":["2013-10-29T20:38:28.000Z"],"act":["34"],"form":["10-K"],"fileNumber":["000-10030"],\
        "filmNumber":["131177575"],"items":[""],"size":[12345],"isXBRL":[1],"isInlineXBRL":[0],\
        "primaryDocument":["d590790d10k.htm"],"primaryDocDescription":["FORM 10-K"]}
        """

    /// Microsoft's submissions, with no older pages.
    static let microsoftSubmissions = """
        {"cik":"0000789019","name":"MICROSOFT CORP","tickers":["MSFT"],"exchanges":["Nasdaq"],"sic":"7372",\
        "sicDescription":"Services-Prepackaged Software","fiscalYearEnd":"0630",\
        "filings":{"recent":{"accessionNumber":["0000950170-24-118967"],"filingDate":["2024-10-30"],\
        "reportDate":["2024-09-30"],"acceptanceDateTime":["2024-10-30T20:06:20.000Z"],"form":["10-Q"],\
        "items":[""],"primaryDocument":["msft-20240930.htm"]},"files":[]}}
        """

    /// Apple's facts: shares (an instant: no `start`), USD (a duration), USD/shares (EPS,
    /// fractional and negative), one without `frame`, one with `fy` null.
    static let appleFacts = """
        {"cik":320193,"entityName":"Apple Inc.","facts":{\
        "dei":{"EntityCommonStockSharesOutstanding":{"label":"Entity Common Stock, Shares Outstanding",\
        "description":"Indicate number of shares...","units":{"shares":[\
        {"end":"2009-10-16","val":900678473,"accn":"0001193125-09-214859","fy":2009,"fp":"FY","form":"10-K","filed":"2009-10-27","frame":"CY2009Q3I"}]}}},\
        "us-gaap":{"Revenues":{"label":"Revenues","description":"Amount of revenue...","units":{"USD":[\
        {"start":"2023-10-01","end":"2024-09-28","val":391035000000,"accn":"0000320193-24-000123","fy":2024,"fp":"FY","form":"10-K","filed":"2024-11-01","frame":"CY2024"},\
        {"start":"2024-06-30","end":"2024-09-28","val":94930000000,"accn":"0000320193-24-000123","fy":null,"fp":null,"form":"10-K","filed":"2024-11-01"}]}},\
        "EarningsPerShareBasic":{"label":"Earnings Per Share, Basic","description":"...","units":{"USD/shares":[\
        {"start":"2023-10-01","end":"2024-09-28","val":6.11,"accn":"0000320193-24-000123","fy":2024,"fp":"FY","form":"10-K","filed":"2024-11-01","frame":"CY2024"},\
        {"start":"2001-07-01","end":"2001-09-29","val":-0.05,"accn":"0001047469-03-041604","fy":2003,"fp":"FY","form":"10-K","filed":"2003-12-19"}]}}}}}
        """

    /// One concept of Apple's.
    static let appleConcept = """
        {"cik":320193,"taxonomy":"us-gaap","tag":"AccountsPayableCurrent","label":"Accounts Payable, Current",\
        "description":"Carrying value...","entityName":"Apple Inc.","units":{"USD":[\
        {"end":"2008-09-27","val":5520000000,"accn":"0001193125-09-153165","fy":2009,"fp":"Q3","form":"10-Q","filed":"2009-07-22"},\
        {"end":"2024-09-28","val":68960000000,"accn":"0000320193-24-000123","fy":2024,"fp":"FY","form":"10-K","filed":"2024-11-01","frame":"CY2024Q3I"}]}}
        """
}
