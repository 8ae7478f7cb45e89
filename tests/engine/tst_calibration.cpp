// SPDX-License-Identifier: GPL-3.0-or-later
// The alpha-beta least-squares fit (calibration.h): exact recovery of a known line t = α + β·S over the
// decades nccl-tests sweeps, the α ≥ 0 constraint, R², and the inputs that cannot be fitted.
#include "calibration.h"

#include <QtTest>

#include <cmath>

using namespace ss;

namespace {

std::vector<CalibrationSample> line(double alpha, double beta, double from, double to, double factor)
{
    std::vector<CalibrationSample> s;
    for (double bytes = from; bytes <= to; bytes *= factor)
        s.push_back({bytes, alpha + beta * bytes});
    return s;
}

bool near(double a, double b, double rel)
{
    return std::fabs(a - b) <= rel * std::fabs(b);
}

} // namespace

class TestCalibration : public QObject
{
    Q_OBJECT

private slots:
    void knownLine_data();
    void knownLine();
    void predictions();
    void negativeInterceptIsClamped();
    void noisyRelativeFit();
    void unfittable_data();
    void unfittable();
};

void TestCalibration::knownLine_data()
{
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("beta");
    QTest::addColumn<double>("from");
    QTest::addColumn<double>("to");
    // The sweeps of nccl-tests' README (-b 8 -e 128M -f 2) and of a large-message run (-b 1M -e 8G).
    // Latencies and bandwidths of the kind nccl-tests reports on NVSwitch and InfiniBand systems.
    QTest::newRow("5 us, 25 GB/s, 8 B to 128 MiB") << 5e-6 << 1.0 / 25e9 << 8.0 << 134217728.0;
    QTest::newRow("21.5 us, 131 GB/s, 8 B to 8 GiB") << 21.5e-6 << 1.0 / 131e9 << 8.0 << 8589934592.0;
    QTest::newRow("48 us, 12.5 GB/s, 1 MiB to 8 GiB") << 48e-6 << 1.0 / 12.5e9 << 1048576.0 << 8589934592.0;
    QTest::newRow("zero latency") << 0.0 << 1.0 / 50e9 << 1024.0 << 1073741824.0;
}

void TestCalibration::knownLine()
{
    QFETCH(double, alpha);
    QFETCH(double, beta);
    QFETCH(double, from);
    QFETCH(double, to);
    const AlphaBetaFit fit = fitAlphaBeta(line(alpha, beta, from, to, 2));
    QVERIFY2(fit.ok(), fit.error.c_str());
    // Points exactly on a line: the fit recovers it to rounding.
    QVERIFY2(std::fabs(fit.alpha_s - alpha) <= 1e-9 * alpha + 1e-15,
             qPrintable(QString::number(fit.alpha_s)));
    QVERIFY(near(fit.beta_s_per_byte, beta, 1e-9));
    QVERIFY(near(fit.r2, 1.0, 1e-12));
}

void TestCalibration::predictions()
{
    const std::vector<CalibrationSample> samples = line(10e-6, 1.0 / 100e9, 8, 1 << 30, 4);
    const AlphaBetaFit fit = fitAlphaBeta(samples);
    QVERIFY(fit.ok());
    QCOMPARE(fit.points.size(), samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i) {
        QCOMPARE(fit.points[i].bytes, samples[i].bytes);
        QCOMPARE(fit.points[i].measured_s, samples[i].seconds);
        QVERIFY(near(fit.points[i].predicted_s, fit.alpha_s + fit.beta_s_per_byte * samples[i].bytes, 1e-15));
    }
}

void TestCalibration::negativeInterceptIsClamped()
{
    // Times that grow faster than linearly (protocol changes) can pull the intercept below zero; a negative
    // latency has no meaning, so the fit keeps α = 0 and the best β through the origin.
    std::vector<CalibrationSample> s;
    for (double bytes = 1e6; bytes <= 1e9; bytes *= 2)
        s.push_back({bytes, bytes * bytes * 1e-19 + bytes * 1e-11});
    const AlphaBetaFit fit = fitAlphaBeta(s);
    QVERIFY(fit.ok());
    QCOMPARE(fit.alpha_s, 0.0);
    QVERIFY(fit.beta_s_per_byte > 0);
    QVERIFY(fit.r2 < 1);
}

void TestCalibration::noisyRelativeFit()
{
    // ±2% alternating noise on every point: relative residuals keep both the latency (set by the small sizes)
    // and the bandwidth (set by the large ones) within a few percent.
    std::vector<CalibrationSample> s = line(20e-6, 1.0 / 80e9, 8, 4294967296.0, 2);
    for (std::size_t i = 0; i < s.size(); ++i)
        s[i].seconds *= (i % 2 ? 1.02 : 0.98);
    const AlphaBetaFit fit = fitAlphaBeta(s);
    QVERIFY(fit.ok());
    QVERIFY2(near(fit.alpha_s, 20e-6, 0.03), qPrintable(QString::number(fit.alpha_s)));
    QVERIFY(near(fit.beta_s_per_byte, 1.0 / 80e9, 0.03));
    QVERIFY(fit.r2 > 0.99);
}

void TestCalibration::unfittable_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("message");
    QTest::newRow("no samples") << "none"
                                << "two or more sizes";
    QTest::newRow("one size") << "one"
                              << "two or more sizes";
    QTest::newRow("zero time") << "zero"
                               << "time above 0 s";
    QTest::newRow("negative size") << "negative"
                                   << "size of 0 bytes or more";
    QTest::newRow("not a number") << "nan"
                                  << "time above 0 s";
    QTest::newRow("shrinking times") << "shrink"
                                     << "do not grow";
}

void TestCalibration::unfittable()
{
    QFETCH(QString, what);
    QFETCH(QString, message);
    std::vector<CalibrationSample> s;
    if (what == QLatin1String("one"))
        s = {{1024, 1e-5}, {1024, 1.1e-5}};
    else if (what == QLatin1String("zero"))
        s = {{1024, 1e-5}, {2048, 0}};
    else if (what == QLatin1String("negative"))
        s = {{-1, 1e-5}, {2048, 2e-5}};
    else if (what == QLatin1String("nan"))
        s = {{1024, std::nan("")}, {2048, 2e-5}};
    else if (what == QLatin1String("shrink"))
        s = {{1024, 3e-5}, {2048, 2e-5}, {4096, 1e-5}};
    const AlphaBetaFit fit = fitAlphaBeta(s);
    QVERIFY(!fit.ok());
    QVERIFY2(QString::fromStdString(fit.error).contains(message), fit.error.c_str());
}

QTEST_APPLESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
