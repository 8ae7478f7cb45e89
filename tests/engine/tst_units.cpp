// SPDX-License-Identifier: GPL-3.0-or-later
// Quantities with units. Expected values are the unit definitions themselves: SI prefixes (BIPM SI
// Brochure, 9th ed., Table 7), IEC 80000-13 binary prefixes (Ki = 2^10 ... Pi = 2^50), 8 bits per byte.
#include "units.h"

#include <QTest>

#include <cmath>

using ss::Unit;

Q_DECLARE_METATYPE(ss::Unit)

class TestUnits : public QObject
{
    Q_OBJECT

private slots:
    void parse_data();
    void parse();
    void reject_data();
    void reject();
    void format_data();
    void format();
    void formatParsesBack_data();
    void formatParsesBack();
    void symbols();
};

void TestUnits::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Unit>("unit");
    QTest::addColumn<double>("expected");

    // Plain numbers are taken in the base unit.
    QTest::newRow("plain 1.5e9 (exponent)") << "1.5e9" << Unit::None << 1.5e9;
    QTest::newRow("plain with spaces around") << "  42 " << Unit::None << 42.0;
    QTest::newRow("plain negative (range is the field's business)") << "-3" << Unit::None << -3.0;
    QTest::newRow("plain leading plus") << "+5" << Unit::None << 5.0;

    // Counts: k = 1e3, M = 1e6, B/G = 1e9 (billion), T = 1e12.
    QTest::newRow("count 7.5B = 7.5e9 (B = billion)") << "7.5B" << Unit::Count << 7.5e9;
    QTest::newRow("count 7.5 B with a space") << "7.5 B" << Unit::Count << 7.5e9;
    QTest::newRow("count 70M = 7e7") << "70M" << Unit::Count << 7e7;
    QTest::newRow("count 1.2k = 1200") << "1.2k" << Unit::Count << 1200.0;
    QTest::newRow("count 1.2K = 1200") << "1.2K" << Unit::Count << 1200.0;
    QTest::newRow("count 3G = 3e9") << "3G" << Unit::Count << 3e9;
    QTest::newRow("count 2T = 2e12") << "2T" << Unit::Count << 2e12;
    QTest::newRow("count bare 1.3e9") << "1.3e9" << Unit::Count << 1.3e9;

    // Bytes: decimal kB..PB (SI), binary KiB..PiB (IEC).
    QTest::newRow("bytes 80 GiB = 80 * 2^30") << "80 GiB" << Unit::Bytes << 85899345920.0;
    QTest::newRow("bytes 80GiB without space") << "80GiB" << Unit::Bytes << 85899345920.0;
    QTest::newRow("bytes 40 GB = 4e10 (SI)") << "40 GB" << Unit::Bytes << 4e10;
    QTest::newRow("bytes 512 MiB = 2^29") << "512 MiB" << Unit::Bytes << 536870912.0;
    QTest::newRow("bytes 1 KiB = 1024") << "1 KiB" << Unit::Bytes << 1024.0;
    QTest::newRow("bytes 1 kB = 1000") << "1 kB" << Unit::Bytes << 1000.0;
    QTest::newRow("bytes 1 KB = 1000 (decimal, not JEDEC)") << "1 KB" << Unit::Bytes << 1000.0;
    QTest::newRow("bytes 1 MB = 1e6") << "1 MB" << Unit::Bytes << 1e6;
    QTest::newRow("bytes 1 TB = 1e12") << "1 TB" << Unit::Bytes << 1e12;
    QTest::newRow("bytes 1 TiB = 2^40") << "1 TiB" << Unit::Bytes << 1099511627776.0;
    QTest::newRow("bytes 2 PB = 2e15") << "2 PB" << Unit::Bytes << 2e15;
    QTest::newRow("bytes 1 PiB = 2^50") << "1 PiB" << Unit::Bytes << 1125899906842624.0;
    QTest::newRow("bytes 100 bytes") << "100 bytes" << Unit::Bytes << 100.0;
    QTest::newRow("bytes 64B") << "64B" << Unit::Bytes << 64.0;
    QTest::newRow("bytes bare 1.5e9") << "1.5e9" << Unit::Bytes << 1.5e9;

    // Bandwidth: B is a byte, b a bit (8 b = 1 B).
    QTest::newRow("bw 25 GB/s = 25e9") << "25 GB/s" << Unit::BytesPerSecond << 25e9;
    QTest::newRow("bw 200 Gb/s = 25e9 B/s (IB HDR, 8 bits per byte)")
        << "200 Gb/s" << Unit::BytesPerSecond << 25e9;
    QTest::newRow("bw 100 Gbps = 12.5e9 B/s") << "100 Gbps" << Unit::BytesPerSecond << 12.5e9;
    QTest::newRow("bw 400 Gbit/s = 50e9 B/s") << "400 Gbit/s" << Unit::BytesPerSecond << 50e9;
    QTest::newRow("bw 1 Tb/s = 1.25e11 B/s") << "1 Tb/s" << Unit::BytesPerSecond << 1.25e11;
    QTest::newRow("bw 10 Mb/s = 1.25e6 B/s") << "10 Mb/s" << Unit::BytesPerSecond << 1.25e6;
    QTest::newRow("bw 800 Kbps = 1e5 B/s") << "800 Kbps" << Unit::BytesPerSecond << 1e5;
    QTest::newRow("bw 8 bps = 1 B/s") << "8 bps" << Unit::BytesPerSecond << 1.0;
    QTest::newRow("bw 8 b/s = 1 B/s") << "8 b/s" << Unit::BytesPerSecond << 1.0;
    QTest::newRow("bw 1 B/s") << "1 B/s" << Unit::BytesPerSecond << 1.0;
    QTest::newRow("bw 3 TB/s = 3e12") << "3 TB/s" << Unit::BytesPerSecond << 3e12;
    QTest::newRow("bw 100 MB/s = 1e8") << "100 MB/s" << Unit::BytesPerSecond << 1e8;
    QTest::newRow("bw 12.5 GiB/s = 12.5 * 2^30") << "12.5 GiB/s" << Unit::BytesPerSecond << 13421772800.0;
    QTest::newRow("bw 1 KiB/s = 1024") << "1 KiB/s" << Unit::BytesPerSecond << 1024.0;
    QTest::newRow("bw bare 2.5e10") << "2.5e10" << Unit::BytesPerSecond << 2.5e10;

    // Seconds: SI submultiples, min = 60 s, h = 3600 s.
    QTest::newRow("time 1.5 us = 1.5e-6") << "1.5 us" << Unit::Seconds << 1.5e-6;
    QTest::newRow("time 1.5 µs (micro sign U+00B5)")
        << QString::fromUtf8("1.5 \u00B5s") << Unit::Seconds << 1.5e-6;
    QTest::newRow("time 1.5 μs (Greek mu U+03BC)")
        << QString::fromUtf8("1.5 \u03BCs") << Unit::Seconds << 1.5e-6;
    QTest::newRow("time 2 ms = 2e-3") << "2 ms" << Unit::Seconds << 2e-3;
    QTest::newRow("time 3 ns = 3e-9") << "3 ns" << Unit::Seconds << 3e-9;
    QTest::newRow("time 0.5 s") << "0.5 s" << Unit::Seconds << 0.5;
    QTest::newRow("time 2 min = 120 s") << "2 min" << Unit::Seconds << 120.0;
    QTest::newRow("time 1 h = 3600 s") << "1 h" << Unit::Seconds << 3600.0;

    // FLOP amounts and rates.
    QTest::newRow("flop 312 TFLOP = 3.12e14") << "312 TFLOP" << Unit::Flops << 3.12e14;
    QTest::newRow("flop bare 3.1e23") << "3.1e23" << Unit::Flops << 3.1e23;
    QTest::newRow("flop 2 kFLOP = 2000") << "2 kFLOP" << Unit::Flops << 2000.0;
    QTest::newRow("flop 5 PFLOP = 5e15") << "5 PFLOP" << Unit::Flops << 5e15;
    QTest::newRow("flop 1 EFLOP = 1e18") << "1 EFLOP" << Unit::Flops << 1e18;
    QTest::newRow("flop 6 GFLOPs (lower-case s: an amount)") << "6 GFLOPs" << Unit::Flops << 6e9;
    QTest::newRow("flops 312 TFLOP/s = 3.12e14") << "312 TFLOP/s" << Unit::FlopsPerSecond << 3.12e14;
    QTest::newRow("flops 989 TFLOPS") << "989 TFLOPS" << Unit::FlopsPerSecond << 9.89e14;
    QTest::newRow("flops 1.2 PFLOPS = 1.2e15") << "1.2 PFLOPS" << Unit::FlopsPerSecond << 1.2e15;
    QTest::newRow("flops 2 PFLOP/s = 2e15") << "2 PFLOP/s" << Unit::FlopsPerSecond << 2e15;
    QTest::newRow("flops 1 EFLOP/s = 1e18") << "1 EFLOP/s" << Unit::FlopsPerSecond << 1e18;
    QTest::newRow("flops 100 FLOP/s") << "100 FLOP/s" << Unit::FlopsPerSecond << 100.0;
    QTest::newRow("flops bare 3.12e14") << "3.12e14" << Unit::FlopsPerSecond << 3.12e14;

    // Fractions: % = 1/100.
    QTest::newRow("fraction 0.5") << "0.5" << Unit::Fraction << 0.5;
    QTest::newRow("fraction 50% = 0.5") << "50%" << Unit::Fraction << 0.5;
    QTest::newRow("fraction 12.5 % = 0.125") << "12.5 %" << Unit::Fraction << 0.125;
}

void TestUnits::parse()
{
    QFETCH(QString, text);
    QFETCH(Unit, unit);
    QFETCH(double, expected);
    double value = -1;
    std::string error;
    QVERIFY2(ss::parseQuantity(text.toStdString(), unit, value, &error), error.c_str());
    QVERIFY2(std::fabs(value - expected) <= 1e-12 * std::fabs(expected),
             qPrintable(QStringLiteral("%1 != %2").arg(value, 0, 'g', 17).arg(expected, 0, 'g', 17)));
}

void TestUnits::reject_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Unit>("unit");
    QTest::addColumn<QString>("message");

    // The message names the family expected, an example, and what was given.
    QTest::newRow("bytes for a bandwidth")
        << "80 GiB" << Unit::BytesPerSecond
        << "expected a bandwidth such as \"25 GB/s\" or \"200 Gb/s\", got \"80 GiB\"";
    QTest::newRow("bytes for a time")
        << "80 GiB" << Unit::Seconds
        << "expected a time such as \"1.5 us\", \"2 ms\" or \"0.5 s\", got \"80 GiB\"";
    QTest::newRow("bandwidth for bytes") << "200 Gb/s" << Unit::Bytes << "got \"200 Gb/s\"";
    QTest::newRow("empty") << "" << Unit::Bytes << "got \"\"";
    QTest::newRow("only spaces") << "   " << Unit::Count << "expected a count";
    QTest::newRow("letters") << "abc" << Unit::None << "expected a number";
    QTest::newRow("nan") << "nan" << Unit::None << "got \"nan\"";
    QTest::newRow("NaN") << "NaN" << Unit::Bytes << "got \"NaN\"";
    QTest::newRow("inf") << "inf" << Unit::None << "got \"inf\"";
    QTest::newRow("-infinity") << "-infinity" << Unit::Seconds << "got \"-infinity\"";
    QTest::newRow("overflow 1e400") << "1e400" << Unit::None << "got \"1e400\"";
    QTest::newRow("overflow after the unit 1e300 PB") << "1e300 PB" << Unit::Bytes << "got \"1e300 PB\"";
    QTest::newRow("trailing garbage") << "25 GB/s extra" << Unit::BytesPerSecond << "got \"25 GB/s extra\"";
    QTest::newRow("two numbers") << "1 2" << Unit::None << "got \"1 2\"";
    QTest::newRow("decimal comma") << "1,5" << Unit::None << "got \"1,5\"";
    QTest::newRow("hex") << "0x10" << Unit::None << "got \"0x10\"";
    QTest::newRow("unit without number") << "GiB" << Unit::Bytes << "got \"GiB\"";
    QTest::newRow("case matters: gib") << "80 gib" << Unit::Bytes << "got \"80 gib\"";
    QTest::newRow("case matters: 7.5b is not a count") << "7.5b" << Unit::Count << "got \"7.5b\"";
    QTest::newRow("bits are not bytes: 80 Gb") << "80 Gb" << Unit::Bytes << "got \"80 Gb\"";
    QTest::newRow("time for bytes") << "1.5 us" << Unit::Bytes << "got \"1.5 us\"";
    QTest::newRow("rate for an amount") << "12 TFLOP/s" << Unit::Flops << "expected an amount of work";
    QTest::newRow("amount for a rate") << "12 TFLOP" << Unit::FlopsPerSecond << "expected a compute rate";
    QTest::newRow("percent for a plain number") << "50%" << Unit::None << "got \"50%\"";
    QTest::newRow("count suffix for a fraction") << "5k" << Unit::Fraction << "expected a fraction";
}

void TestUnits::reject()
{
    QFETCH(QString, text);
    QFETCH(Unit, unit);
    QFETCH(QString, message);
    double value = 12345;
    std::string error;
    QVERIFY(!ss::parseQuantity(text.toStdString(), unit, value, &error));
    QCOMPARE(value, 12345.0); // untouched on failure
    QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
    QVERIFY(!ss::parseQuantity(text.toStdString(), unit, value)); // no error pointer: still safe
}

void TestUnits::format_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<Unit>("unit");
    QTest::addColumn<QString>("expected");

    QTest::newRow("80 * 2^30 B = 80 GiB (binary for bytes)") << 85899345920.0 << Unit::Bytes << "80 GiB";
    QTest::newRow("4e10 B = 37.25 GiB") << 4e10 << Unit::Bytes << "37.3 GiB";
    QTest::newRow("512 B") << 512.0 << Unit::Bytes << "512 B";
    QTest::newRow("1.5 * 2^20 B = 1.5 MiB") << 1572864.0 << Unit::Bytes << "1.5 MiB";
    QTest::newRow("1023.999 MiB rounds up to 1 GiB") << 1023.999 * 1048576.0 << Unit::Bytes << "1 GiB";
    QTest::newRow("0 B") << 0.0 << Unit::Bytes << "0 B";
    QTest::newRow("25e9 B/s = 25 GB/s (decimal for bandwidth)") << 25e9 << Unit::BytesPerSecond << "25 GB/s";
    QTest::newRow("12.5e9 B/s") << 12.5e9 << Unit::BytesPerSecond << "12.5 GB/s";
    QTest::newRow("1.5e-6 s = 1.5 µs") << 1.5e-6 << Unit::Seconds << QString::fromUtf8("1.5 \u00B5s");
    QTest::newRow("2e-3 s = 2 ms") << 2e-3 << Unit::Seconds << "2 ms";
    QTest::newRow("3e-9 s = 3 ns") << 3e-9 << Unit::Seconds << "3 ns";
    QTest::newRow("0.5 s = 500 ms") << 0.5 << Unit::Seconds << "500 ms";
    QTest::newRow("2.5 s") << 2.5 << Unit::Seconds << "2.5 s";
    QTest::newRow("7.5e9 = 7.50B") << 7.5e9 << Unit::Count << "7.50B";
    QTest::newRow("7e7 = 70.0M") << 7e7 << Unit::Count << "70.0M";
    QTest::newRow("1.75e11 = 175B") << 1.75e11 << Unit::Count << "175B";
    QTest::newRow("1234 = 1.23k") << 1234.0 << Unit::Count << "1.23k";
    QTest::newRow("12 = 12") << 12.0 << Unit::Count << "12";
    QTest::newRow("3.12e14 FLOP/s = 312 TFLOP/s") << 3.12e14 << Unit::FlopsPerSecond << "312 TFLOP/s";
    QTest::newRow("3.14e23 FLOP = 314 ZFLOP") << 3.14e23 << Unit::Flops << "314 ZFLOP";
    QTest::newRow("0.5 = 50%") << 0.5 << Unit::Fraction << "50%";
    QTest::newRow("plain 42") << 42.0 << Unit::None << "42";
    QTest::newRow("negative bytes") << -2048.0 << Unit::Bytes << "-2 KiB";
    QTest::newRow("nan is shown, not hidden") << std::nan("") << Unit::Bytes << "nan";
}

void TestUnits::format()
{
    QFETCH(double, value);
    QFETCH(Unit, unit);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(ss::formatQuantity(value, unit)), expected);
}

void TestUnits::formatParsesBack_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<Unit>("unit");
    QTest::newRow("bytes") << 123456789.0 << Unit::Bytes;
    QTest::newRow("bandwidth") << 31.5e9 << Unit::BytesPerSecond;
    QTest::newRow("seconds") << 4.2e-5 << Unit::Seconds;
    QTest::newRow("flops") << 3.1e23 << Unit::Flops;
    QTest::newRow("flop rate") << 9.89e14 << Unit::FlopsPerSecond;
    QTest::newRow("count") << 6.74e9 << Unit::Count;
    QTest::newRow("fraction") << 0.37 << Unit::Fraction;
}

// What the tool prints, a user can paste back: within the 3 significant digits shown.
void TestUnits::formatParsesBack()
{
    QFETCH(double, value);
    QFETCH(Unit, unit);
    const std::string text = ss::formatQuantity(value, unit);
    double back = 0;
    std::string error;
    QVERIFY2(ss::parseQuantity(text, unit, back, &error), error.c_str());
    QVERIFY2(std::fabs(back - value) <= 5e-3 * value, text.c_str());
}

void TestUnits::symbols()
{
    QCOMPARE(QString::fromLatin1(ss::unitSymbol(Unit::Bytes)), QStringLiteral("B"));
    QCOMPARE(QString::fromLatin1(ss::unitSymbol(Unit::BytesPerSecond)), QStringLiteral("B/s"));
    QCOMPARE(QString::fromLatin1(ss::unitSymbol(Unit::Seconds)), QStringLiteral("s"));
    QCOMPARE(QString::fromLatin1(ss::unitSymbol(Unit::Flops)), QStringLiteral("FLOP"));
    QCOMPARE(QString::fromLatin1(ss::unitSymbol(Unit::FlopsPerSecond)), QStringLiteral("FLOP/s"));
    QCOMPARE(QString::fromLatin1(ss::unitSymbol(Unit::Count)), QString());
    QCOMPARE(QString::fromLatin1(ss::unitSymbol(Unit::Fraction)), QString());
    QCOMPARE(QString::fromLatin1(ss::unitSymbol(Unit::None)), QString());
}

QTEST_APPLESS_MAIN(TestUnits)
#include "tst_units.moc"
