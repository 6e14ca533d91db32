#!/usr/bin/perl
# Table rows of generated pages and of the seed pages, for tests/site/*.t.
#   pagerows.pl rows FILE.wiki|FILE.md      one line per table row, cells
#                                           joined by TAB, markup decoded
#   pagerows.pl v5-lines SEED               the table lines of the V5 seed
#   pagerows.pl check-v5 SEED PAGE...       every table row of the V5 seed is
#                                           a row of each page (whitespace ignored)
#   pagerows.pl check-numbers SEED PAGE...  every number of every "a | b |" row
#                                           of the seed is in one row of each page
#   pagerows.pl check-concat SEED PAGE...   every table line of the Cyclone seed
#                                           equals a row's cells run together
# The checks print the rows they miss and exit 1 when any is missing.
use strict;
use warnings;
# bytes throughout (UTF-8 text compares byte for byte): perl-base, the part
# of Perl every Debian system has, is all this needs

sub decode_wiki {
    my ($s) = @_;
    $s =~ s{<ref[^>]*>.*?</ref>}{}g;
    $s =~ s/&#(\d+);/chr($1)/ge;
    $s =~ s/&lt;/</g; $s =~ s/&gt;/>/g; $s =~ s/&amp;/&/g;
    return $s;
}

sub decode_md {
    my ($s) = @_;
    $s =~ s/\[\^[A-Za-z0-9_-]+\]//g;
    $s =~ s/\\([[:punct:]])/$1/g;
    return $s;
}

# [ [cells...], ... ] for every table row (header rows included)
sub page_rows {
    my ($file) = @_;
    open my $fh, '<', $file or die "$file: $!\n";
    my @rows;
    if ($file =~ /\.wiki$/) {
        my $in = 0;
        while (my $l = <$fh>) {
            chomp $l;
            if ($l =~ /^\{\|/) { $in = 1; next }
            if ($l =~ /^\|\}/) { $in = 0; next }
            next unless $in;
            next if $l =~ /^\|-/;
            if ($l =~ /^! ?(.*)$/) {
                push @rows, [ map { decode_wiki($_) } split / ?!! ?/, $1, -1 ];
            } elsif ($l =~ /^\| ?(.*)$/) {
                push @rows, [ map { decode_wiki($_) } split / ?\|\| ?/, $1, -1 ];
            } else {
                die "$file:$.: a line inside a table that is not a row: $l\n";
            }
        }
    } else {
        while (my $l = <$fh>) {
            chomp $l;
            next unless $l =~ /^\|(.*)\|\s*$/;
            my $body = $1;
            next if $body =~ /^(\s*---\s*\|)*\s*---\s*$/;
            my @cells = split /(?<!\\)\|/, $body, -1;
            push @rows, [ map { my $c = decode_md($_); $c =~ s/^\s+|\s+$//g; $c } @cells ];
        }
    }
    return @rows;
}

sub squash { my ($s) = @_; $s =~ s/\s+//g; return $s }

sub read_lines {
    my ($file) = @_;
    open my $fh, '<', $file or die "$file: $!\n";
    my @l = <$fh>;
    chomp @l;
    return @l;
}

# Table lines of the V5 seed: everything of sections 1 and 2 that is not a
# heading, a bullet, a footnote, a box title or prose. Prose is recognised
# by how its sentences begin; a line nobody recognises counts as a table row,
# so a misread can only make the check stricter.
sub v5_table_lines {
    my @out;
    my $on = 0;
    for my $l (read_lines($_[0])) {
        $on = 1 if $l =~ /^1\. Measurement configuration/;
        $on = 0 if $l =~ /^Retrieved from/;
        next unless $on;
        next if $l =~ /^\s*$/;
        next if $l =~ /^\d+(\.\d+)*\. /;                  # headings
        next if $l =~ /^\s*•/;                            # bullets
        next if $l =~ /^\s+\d+\. ↑/;                      # footnotes
        next if $l =~ /^(Note|Information)$/;             # box titles
        next if $l =~ /^(The table below|This section|In this|In this section|The footpring|The measurements)/;
        $l =~ s/\[ver\. \d+\]//g;
        push @out, $l;
    }
    return @out;
}

# Quirks of the V5 seed that the template deliberately does not reproduce:
# seed line => the row the page has instead (templates/README.md says why).
my %v5_fixed = (
    'SHA256 1378 280 bytes 0 bytes 532 bytes' => 'SHA256 1378 bytes 280 bytes 0 bytes 532 bytes',
    'SHA384 2590 728 bytes 0 bytes 1076 bytes' => 'SHA384 2590 bytes 728 bytes 0 bytes 1076 bytes',
);

sub check {
    my ($what, $seed, $pages, $want_of, $have_of) = @_;
    my $missing = 0;
    for my $page (@$pages) {
        my %have = map { $have_of->($_) => 1 } page_rows($page);
        my $n = 0;
        for my $line ($want_of->($seed)) {
            $n++;
            my $key = squash($v5_fixed{$line} // $line);
            next if $have{ $have_of->(undef, $key) };
            print "$page: no row for seed line: $line\n";
            $missing++;
        }
        die "$seed: no table line found: the seed is not what this check expects\n" if $n == 0;
        print "$page: $n seed rows checked ($what)\n";
    }
    return $missing ? 1 : 0;
}

my $cmd = shift // '';
if ($cmd eq 'rows') {
    print join("\t", @$_), "\n" for page_rows($ARGV[0]);
    exit 0;
}
if ($cmd eq 'v5-lines') {
    print "$_\n" for v5_table_lines($ARGV[0]);
    exit 0;
}
if ($cmd eq 'check-v5') {
    my $seed = shift;
    exit check('whitespace ignored', $seed, \@ARGV, \&v5_table_lines,
               sub { defined $_[0] ? squash(join '', @{ $_[0] }) : $_[1] });
}
if ($cmd eq 'check-concat') {
    my $seed = shift;
    my $lines = sub {
        my @t;
        my $on = 0;
        for my $l (read_lines($_[0])) {
            $on = 1 if $l =~ /^Algorithm/;
            $on = 0 if $l =~ /^\s*$/;
            push @t, $l if $on;
        }
        return @t;
    };
    exit check('cells run together', $seed, \@ARGV, $lines,
               sub { defined $_[0] ? squash(join '', @{ $_[0] }) : squash($_[1]) });
}
if ($cmd eq 'check-numbers') {
    my $seed = shift;
    my $nums = sub {
        my ($s) = @_;
        $s =~ s/(\d) (?=\d{3}\b)/$1/g;    # "1 023 684" -> "1023684"
        return sort { $a cmp $b } ($s =~ /\d+(?:\.\d+)?/g);
    };
    my $missing = 0;
    my @seed_rows = grep { /\|/ && !/^---/ && /\d/ } read_lines($seed);
    my @seed_data = grep { !/^(\d+\.)+\d* / } @seed_rows;
    die "$seed: no table row found\n" unless @seed_data;
    for my $page (@ARGV) {
        my @rows = map { [ map { $nums->($_) } @$_ ] } page_rows($page);
        for my $line (@seed_data) {
            my @want = map { $nums->($_) } split /\s*\|\s*/, $line;
            my $found = 0;
            ROW: for my $r (@rows) {
                my %bag;
                $bag{$_}++ for @$r;
                for my $w (@want) { next ROW unless $bag{$w}--; }
                $found = 1;
                last;
            }
            next if $found;
            print "$page: no row holds the numbers of seed line: $line\n";
            $missing++;
        }
        print "$page: " . scalar(@seed_data) . " seed rows checked (numbers)\n";
    }
    exit $missing ? 1 : 0;
}
die "usage: pagerows.pl rows FILE | check-v5|check-numbers|check-concat SEED PAGE...\n";
