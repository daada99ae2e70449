/* SPDX-License-Identifier: GPL-3.0-or-later */
/* TASCA_SANITIZED: 1 in a build with AddressSanitizer (gcc or clang), else 0. Tests that
 * play many games or run Hard's search without a clock scale their work down with it. */
#ifndef TASCA_TESTS_SANITIZED_H
#define TASCA_TESTS_SANITIZED_H

#if defined(__SANITIZE_ADDRESS__)
#define TASCA_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TASCA_SANITIZED 1
#endif
#endif
#ifndef TASCA_SANITIZED
#define TASCA_SANITIZED 0
#endif

#endif
