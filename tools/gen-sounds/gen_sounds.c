/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Synthesises Tasca's sound effects as 16-bit mono 44.1 kHz WAV files.
 *
 *   cc -std=c11 -O2 tools/gen-sounds/gen_sounds.c -lm -o gen_sounds
 *   ./gen_sounds assets/sounds
 *
 * Everything is made from noise and sine waves with envelopes and simple filters, from a
 * fixed seed, so the same files come out every time. Card sounds are filtered noise
 * (paper on felt); the musical cues are soft sine/triangle tones with a little room. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RATE 44100
#define PI 3.14159265358979323846
#define MAX_SAMPLES (RATE * 2)

typedef struct {
    float s[MAX_SAMPLES];
    int n;
} Buf;

/* ---- Noise and filters ---- */

static uint32_t rng_state = 0x7a5ca001u;

static float noise(void)
{
    /* xorshift32: fast, portable, deterministic */
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return (float)(rng_state / 4294967295.0 * 2.0 - 1.0);
}

static float frand(float lo, float hi)
{
    return lo + (hi - lo) * (noise() * 0.5f + 0.5f);
}

/* RBJ biquad band-pass (constant 0 dB peak gain), recomputed when the centre moves. */
typedef struct {
    double b0, b1, b2, a1, a2, x1, x2, y1, y2;
} Biquad;

static void bp_set(Biquad *f, double freq, double q)
{
    double w = 2 * PI * freq / RATE, alpha = sin(w) / (2 * q), a0 = 1 + alpha;
    f->b0 = alpha / a0, f->b1 = 0, f->b2 = -alpha / a0;
    f->a1 = -2 * cos(w) / a0, f->a2 = (1 - alpha) / a0;
}

static void lp_set(Biquad *f, double freq, double q)
{
    double w = 2 * PI * freq / RATE, alpha = sin(w) / (2 * q), a0 = 1 + alpha, c = cos(w);
    f->b0 = (1 - c) / 2 / a0, f->b1 = (1 - c) / a0, f->b2 = (1 - c) / 2 / a0;
    f->a1 = -2 * c / a0, f->a2 = (1 - alpha) / a0;
}

static float bq(Biquad *f, float x)
{
    double y = f->b0 * x + f->b1 * f->x1 + f->b2 * f->x2 - f->a1 * f->y1 - f->a2 * f->y2;
    f->x2 = f->x1, f->x1 = x, f->y2 = f->y1, f->y1 = y;
    return (float)y;
}

/* ---- Envelopes ---- */

/* Attack-decay: linear rise over `att` seconds, then exponential fall with time
 * constant `dec`. */
static float env_ad(double t, double att, double dec)
{
    if (t < 0)
        return 0;
    if (t < att)
        return (float)(t / att);
    return (float)exp(-(t - att) / dec);
}

/* Smooth in and out (raised cosine) over the whole span [0, len]. */
static float env_hann(double t, double len)
{
    if (t < 0 || t > len)
        return 0;
    return (float)(0.5 - 0.5 * cos(2 * PI * t / len));
}

/* ---- Building blocks ---- */

static void ensure(Buf *b, int n)
{
    if (n > MAX_SAMPLES)
        n = MAX_SAMPLES;
    if (n > b->n) {
        memset(b->s + b->n, 0, (size_t)(n - b->n) * sizeof b->s[0]);
        b->n = n;
    }
}

/* A burst of band-passed noise starting at t0: the sound of paper moving. */
static void noise_burst(Buf *b, double t0, double len, double f0, double f1, double q, double att,
                        double dec, float amp)
{
    Biquad f = {0};
    int start = (int)(t0 * RATE), n = (int)(len * RATE);
    ensure(b, start + n);
    for (int i = 0; i < n && start + i < MAX_SAMPLES; i++) {
        double t = (double)i / RATE, k = (double)i / n;
        if (i % 32 == 0) /* a gliding centre frequency, updated cheaply */
            bp_set(&f, f0 * pow(f1 / f0, k), q);
        b->s[start + i] += amp * env_ad(t, att, dec) * bq(&f, noise());
    }
}

/* A soft tone: sine plus, when `warm`, a little of the odd harmonics (a rounded
 * triangle), with an attack-decay envelope and an optional gentle vibrato. */
static void tone_ex(Buf *b, double t0, double freq, double len, double att, double dec, float amp,
                    double vibrato, int warm)
{
    int start = (int)(t0 * RATE), n = (int)(len * RATE);
    ensure(b, start + n);
    double ph = 0;
    for (int i = 0; i < n && start + i < MAX_SAMPLES; i++) {
        double t = (double)i / RATE;
        double f = freq * (1 + vibrato * sin(2 * PI * 5.2 * t) * fmin(1, t / 0.3));
        ph += 2 * PI * f / RATE;
        double v = warm ? sin(ph) + 0.12 * sin(3 * ph) + 0.03 * sin(5 * ph) : sin(ph);
        /* a short fade at the very end so a cut note never clicks */
        double tail = fmin(1, (n - i) / (0.01 * RATE));
        b->s[start + i] += (float)(amp * env_ad(t, att, dec) * tail * v);
    }
}

static void tone(Buf *b, double t0, double freq, double len, double att, double dec, float amp,
                 double vibrato)
{
    tone_ex(b, t0, freq, len, att, dec, amp, vibrato, 1);
}

/* A bell: a fundamental and a few inharmonic partials that die away faster. */
static void bell(Buf *b, double t0, double freq, double len, float amp)
{
    static const double ratio[] = {1.0, 2.0, 2.76, 4.07};
    static const double gain[] = {1.0, 0.28, 0.16, 0.06};
    static const double decay[] = {0.55, 0.30, 0.18, 0.10};
    for (int k = 0; k < 4; k++)
        tone_ex(b, t0, freq * ratio[k], len, 0.004, decay[k], (float)(amp * gain[k]), 0, 0);
}

/* A little room: two feedback combs and an all-pass (Schroeder), mixed in lightly. */
static void room(Buf *b, float wet, double extra)
{
    int n0 = b->n;
    ensure(b, n0 + (int)(extra * RATE));
    static float dry[MAX_SAMPLES];
    memcpy(dry, b->s, (size_t)b->n * sizeof dry[0]);
    static const int comb_len[2] = {1557, 1867};
    static float line[2][2000];
    memset(line, 0, sizeof line);
    int pos[2] = {0, 0};
    float ap[600] = {0};
    int app = 0;
    Biquad damp = {0};
    lp_set(&damp, 3500, 0.7);
    for (int i = 0; i < b->n; i++) {
        float x = bq(&damp, dry[i]), y = 0;
        for (int c = 0; c < 2; c++) {
            float d = line[c][pos[c]];
            line[c][pos[c]] = x + d * 0.72f;
            pos[c] = (pos[c] + 1) % comb_len[c];
            y += d;
        }
        float d = ap[app];
        float o = -0.5f * y + d;
        ap[app] = y + 0.5f * o;
        app = (app + 1) % 556;
        b->s[i] = dry[i] + wet * o;
    }
}

/* Rolls off the top end (two low-pass stages, 24 dB per octave): noise straight from
 * the generator hisses; paper on cloth is softer than that. */
static void soften(Buf *b, double fc)
{
    Biquad f1 = {0}, f2 = {0};
    lp_set(&f1, fc, 0.707);
    lp_set(&f2, fc, 0.707);
    for (int i = 0; i < b->n; i++)
        b->s[i] = bq(&f2, bq(&f1, b->s[i]));
}

/* Peak-normalises to `peak` (linear, < 1) and fades the ends so nothing clicks. */
static void finish(Buf *b, float peak, double fade_in, double fade_out)
{
    float m = 0;
    for (int i = 0; i < b->n; i++)
        if (fabsf(b->s[i]) > m)
            m = fabsf(b->s[i]);
    float g = m > 0 ? peak / m : 0;
    int fi = (int)(fade_in * RATE), fo = (int)(fade_out * RATE);
    for (int i = 0; i < b->n; i++) {
        float e = 1;
        if (i < fi)
            e = (float)i / fi;
        if (b->n - i < fo)
            e *= (float)(b->n - i) / fo;
        b->s[i] *= g * e;
    }
}

/* Drops trailing near-silence (keeps the files small). */
static void trim(Buf *b, float floor)
{
    while (b->n > 0 && fabsf(b->s[b->n - 1]) < floor)
        b->n--;
}

/* ---- The sounds ---- */

static void make_deal(Buf *b)
{
    /* A card tossed onto felt: a quick airy swish, then a soft landing tap. */
    noise_burst(b, 0.000, 0.10, 5200, 2600, 0.9, 0.006, 0.030, 1.0f);
    noise_burst(b, 0.055, 0.08, 1400, 900, 1.2, 0.002, 0.018, 0.55f);
    tone(b, 0.057, 150, 0.06, 0.002, 0.015, 0.25f, 0);
    soften(b, 7000);
    finish(b, 0.45f, 0.002, 0.010);
}

static void make_slide(Buf *b)
{
    /* Sliding across the cloth: longer, darker, with a smooth swell. */
    Biquad f = {0};
    int n = (int)(0.26 * RATE);
    ensure(b, n);
    for (int i = 0; i < n; i++) {
        double t = (double)i / RATE, k = (double)i / n;
        if (i % 32 == 0)
            bp_set(&f, 2600 * pow(1200.0 / 2600, k), 0.8);
        /* slight roughness: the card catching the weave */
        float grain = 0.85f + 0.15f * sinf((float)(2 * PI * 37 * t));
        b->s[i] += env_hann(t, 0.26) * grain * bq(&f, noise());
    }
    soften(b, 6000);
    finish(b, 0.35f, 0.004, 0.020);
}

static void make_flip(Buf *b)
{
    /* Turning a card: a flick of the edge and the face slapping down. */
    noise_burst(b, 0.000, 0.020, 4500, 4000, 2.0, 0.001, 0.004, 0.9f);
    noise_burst(b, 0.010, 0.060, 3000, 1800, 0.8, 0.010, 0.015, 0.5f);
    noise_burst(b, 0.048, 0.050, 2200, 1200, 1.0, 0.001, 0.010, 1.0f);
    tone(b, 0.049, 210, 0.04, 0.001, 0.010, 0.15f, 0);
    soften(b, 7500);
    finish(b, 0.45f, 0.001, 0.010);
}

static void make_shuffle(Buf *b)
{
    /* A riffle: many tiny card-edge clicks, dense in the middle, over a soft bed of
     * paper noise, then the cards squared up. */
    double len = 0.85, t = 0.02;
    while (t < len - 0.12) {
        double k = t / (len - 0.12);
        double gap = 0.016 - 0.009 * sin(PI * k); /* faster in the middle */
        float amp = (float)(0.35 + 0.65 * sin(PI * fmin(1, k * 1.15)));
        noise_burst(b, t, 0.012, frand(2800, 5200), frand(2000, 3000), 1.6, 0.0008,
                    0.0025 + 0.002 * frand(0, 1), amp * frand(0.7f, 1.0f));
        t += gap * frand(0.75f, 1.25f);
    }
    noise_burst(b, 0.0, len - 0.1, 3000, 1800, 0.6, 0.08, 0.5, 0.12f);
    noise_burst(b, len - 0.11, 0.11, 1800, 900, 0.9, 0.004, 0.03, 0.6f);
    soften(b, 8000);
    finish(b, 0.42f, 0.003, 0.015);
}

static void make_win(Buf *b)
{
    /* A rising C major arpeggio ending on an open chord. */
    static const double note[] = {523.25, 659.25, 783.99, 1046.50};
    for (int i = 0; i < 4; i++)
        tone(b, i * 0.11, note[i], 1.2 - i * 0.11, 0.008, i == 3 ? 0.55 : 0.30, 0.5f, 0.004);
    tone(b, 0.44, 659.25, 0.85, 0.02, 0.45, 0.22f, 0.003);
    tone(b, 0.44, 783.99, 0.85, 0.02, 0.45, 0.20f, 0.003);
    tone(b, 0.44, 261.63, 0.85, 0.03, 0.50, 0.25f, 0);
    room(b, 0.18f, 0.15);
    trim(b, 1e-4f);
    finish(b, 0.60f, 0.003, 0.08);
}

static void make_lose(Buf *b)
{
    /* A gentle falling D minor motif: A, F, D, slow and soft. */
    static const double note[] = {440.00, 349.23, 293.66};
    for (int i = 0; i < 3; i++)
        tone(b, i * 0.24, note[i], i == 2 ? 0.95 : 0.55, 0.02, i == 2 ? 0.45 : 0.22, 0.5f, 0.006);
    tone(b, 0.48, 146.83, 0.95, 0.04, 0.5, 0.22f, 0);
    room(b, 0.16f, 0.15);
    trim(b, 1e-4f);
    finish(b, 0.50f, 0.005, 0.08);
}

static void make_click(Buf *b)
{
    /* A soft, short tick for buttons: a damped high sine with a breath of noise. */
    tone(b, 0, 1900, 0.025, 0.0005, 0.004, 1.0f, 0);
    noise_burst(b, 0, 0.012, 6000, 4000, 1.5, 0.0005, 0.002, 0.35f);
    soften(b, 9000);
    finish(b, 0.30f, 0.0005, 0.004);
}

static void make_call(Buf *b)
{
    /* A two-tone chime, rising a fourth: someone has something to say. */
    bell(b, 0.00, 783.99, 0.70, 0.6f);
    bell(b, 0.13, 1046.50, 0.75, 0.6f);
    room(b, 0.12f, 0.1);
    trim(b, 1e-4f);
    finish(b, 0.55f, 0.002, 0.06);
}

/* ---- WAV output ---- */

static void put_le(FILE *f, uint32_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        fputc((int)((v >> (8 * i)) & 255), f);
}

static int write_wav(const char *dir, const char *name, const Buf *b)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        return 1;
    }
    uint32_t data = (uint32_t)b->n * 2;
    fwrite("RIFF", 1, 4, f);
    put_le(f, 36 + data, 4);
    fwrite("WAVEfmt ", 1, 8, f);
    put_le(f, 16, 4);       /* fmt chunk size */
    put_le(f, 1, 2);        /* PCM */
    put_le(f, 1, 2);        /* mono */
    put_le(f, RATE, 4);     /* sample rate */
    put_le(f, RATE * 2, 4); /* byte rate */
    put_le(f, 2, 2);        /* block align */
    put_le(f, 16, 2);       /* bits per sample */
    fwrite("data", 1, 4, f);
    put_le(f, data, 4);
    float peak = 0;
    for (int i = 0; i < b->n; i++) {
        float v = b->s[i];
        if (fabsf(v) > peak)
            peak = fabsf(v);
        /* finish() keeps peaks well below full scale; clamp anyway, never wrap */
        v = v > 1 ? 1 : v < -1 ? -1 : v;
        put_le(f, (uint32_t)(uint16_t)(int16_t)lrintf(v * 32767), 2);
    }
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        fprintf(stderr, "%s: write error\n", path);
        return 1;
    }
    printf("%-12s %5.0f ms  peak %5.1f dBFS  %6u bytes\n", name, 1000.0 * b->n / RATE,
           20 * log10(peak > 0 ? peak : 1e-9), 44 + data);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTPUT_DIR\n", argv[0]);
        return 2;
    }
    static const struct {
        const char *name;
        void (*make)(Buf *);
    } sounds[] = {
        {"deal.wav", make_deal},       {"slide.wav", make_slide}, {"flip.wav", make_flip},
        {"shuffle.wav", make_shuffle}, {"win.wav", make_win},     {"lose.wav", make_lose},
        {"click.wav", make_click},     {"call.wav", make_call},
    };
    static Buf b;
    int rc = 0;
    for (size_t i = 0; i < sizeof sounds / sizeof sounds[0]; i++) {
        b.n = 0;
        sounds[i].make(&b);
        rc |= write_wav(argv[1], sounds[i].name, &b);
    }
    return rc;
}
