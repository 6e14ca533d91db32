#!/usr/bin/perl
# Independent arithmetic for tests/site/summary.t: reads the datasets of a
# series (one result per line, flow style, as the fixtures and the measured
# data are written) and prints the cell a summary or comparison page must
# show for one algorithm and operation, computed here without the
# generator: pick the results, prefer the largest chunk (or buffer), then
# the fewest counts; rate = floor(bytes * hz / (count * 1000)), time =
# floor(count * 1000 / hz); the configuration labels in parentheses. The
# count is the estimated cycles where the dataset's cycle model made them
# (its pages lead with them), else the counter's kind.
#   derive.pl rate|time|count DATASET.yaml FIELD=VALUE...
# (count: the count itself, as the cross-core page shows it: digits grouped
# in threes from five digits on, "1 200 003", as on the ST pages)
use strict;
use warnings;
use Math::BigInt;

my ($what, $file, @crit) = @ARGV;
open my $fh, '<', $file or die "$file: $!\n";
my ($hz, $kind, $modelled, @res);
while (<$fh>) {
    $hz = $1 if /^\s+core_clock_hz:\s*(\d+)/;
    $kind = $1 if /^\s+kind:\s*(cycles|instructions)\s*$/;
    $modelled = 1 if /^\s+status:\s*modelled\s*$/;
    next unless /^\s+- \{(.*)\}\s*$/;
    my %r = map { /^\s*([\w-]+):\s*(.*?)\s*$/ ? ($1, $2) : () } split /,/, $1;
    push @res, \%r;
}
my @pick = grep { my $r = $_; !grep { my ($k, $v) = split /=/, $_, 2; ($r->{$k} // '') ne $v } @crit } @res;
exit 1 unless @pick;
$kind = 'cycles_estimated' if $modelled;
my $count = sub { $_[0]{$kind} };
my $size = sub { $_[0]{chunk_bytes} // $_[0]{buffer_bytes} // $_[0]{message_bytes} // 0 };
my ($best) = sort { $size->($b) <=> $size->($a) || $count->($a) <=> $count->($b) } @pick;
my $n = Math::BigInt->new($count->($best));
my $v = $what eq 'rate'
    ? Math::BigInt->new($best->{message_bytes} // $best->{buffer_bytes})->bmul($hz)->bdiv($n->copy->bmul(1000))
    : $what eq 'count' ? $n
    : $n->copy->bmul(1000)->bdiv($hz);
my @cfg = grep { defined } map { $best->{$_} } qw(configuration math_config curve_definition modexp_impl variant);
$v = "$v";
1 while $what eq 'count' && length($v) >= 5 && $v =~ s/^(\d+)(\d{3})/$1 $2/;
print $v, (@cfg ? " (@cfg)" : ''), "\n";
