#!/usr/bin/perl
# chartrefs.pl PAGE: the tables of a generated page (index.wiki, .md or
# .html, or compare.*) and the charts it shows right after each one, read
# from the page's own markup, one line per table:
#   table<TAB><first header cell>|<second header cell><TAB><charts after it><TAB><old/new cells>
# (old/new cells: header cells ending "(old)" or "(new)", the figures of a
# diff page's table; a diff table without any holds rows with nothing to
# compare, e.g. cases not run on the board)
# then one line per chart reference, its file name as on disk (decoded):
#   chart<TAB><name>
# A table's charts are the chart references between its end and the next
# table or heading.
use strict;
use warnings;

my $page = shift or die "usage: chartrefs.pl PAGE\n";
open my $fh, '<:raw', $page or die "$page: $!\n";
my $text = do { local $/; <$fh> };
close $fh;
my ($ext) = $page =~ /\.(wiki|md|html)$/ or die "$page: not .wiki, .md or .html\n";

sub url_decode { my $s = shift; $s =~ s/%([0-9A-Fa-f]{2})/chr(hex($1))/ge; return $s; }
sub html_decode {
    my $s = shift;
    $s =~ s/<[^>]*>//g;
    $s =~ s/&lt;/</g; $s =~ s/&gt;/>/g; $s =~ s/&quot;/"/g; $s =~ s/&#39;/'/g; $s =~ s/&amp;/&/g;
    return $s;
}
sub trim { my $s = shift; $s =~ s/^\s+|\s+$//g; return $s; }
sub olds { return scalar grep { /\((old|new)\)$/ } @_; }

# events in page order: [table, head1, head2] | [chart, name] | [stop]
my @events;
if ($ext eq 'wiki') {
    my @lines = split /\n/, $text;
    for (my $i = 0; $i < @lines; $i++) {
        my $l = $lines[$i];
        if ($l =~ /^\{\|/) {
            my @head = ('', '');
            if ($i + 1 < @lines && $lines[$i + 1] =~ /^!(.*)$/) {
                @head = map { trim($_) } split /!!/, $1;
            }
            push @events, ['table', @head[0, 1], olds(@head)];
            $i++ while $i < @lines && $lines[$i] !~ /^\|\}/;
        } elsif ($l =~ /^\[\[File:([^|\]]+)/) {
            push @events, ['chart', $1];
        } elsif ($l =~ /^=/) {
            push @events, ['stop'];
        }
    }
} elsif ($ext eq 'md') {
    my @lines = split /\n/, $text;
    for (my $i = 0; $i < @lines; $i++) {
        my $l = $lines[$i];
        if ($l =~ /^\|/ && $i + 1 < @lines && $lines[$i + 1] =~ /^\|\s*---/) {
            my $h = $l;
            $h =~ s/^\||\|$//g;
            my @head = map { trim($_) } split /(?<!\\)\|/, $h;
            push @events, ['table', $head[0] // '', $head[1] // '', olds(@head)];
            $i++ while $i + 1 < @lines && $lines[$i + 1] =~ /^\|/;
        } elsif ($l =~ /^!\[.*\]\(([^)]+)\)\s*$/) {
            push @events, ['chart', url_decode($1)];
        } elsif ($l =~ /^#/) {
            push @events, ['stop'];
        }
    }
} else {
    while ($text =~ /(<table\b.*?<\/table>)|<img\b[^>]*\bsrc="([^"]+)"|(<h[1-6]\b)/gs) {
        if (defined $1) {
            my $t = $1;
            my @head = map { trim(html_decode($_)) } $t =~ /<th\b[^>]*>(.*?)<\/th>/gs;
            push @events, ['table', $head[0] // '', $head[1] // '', olds(@head)];
        } elsif (defined $2) {
            push @events, ['chart', url_decode(html_decode($2))];
        } else {
            push @events, ['stop'];
        }
    }
}

my (@tables, @charts);
my $open;   # the table whose charts are being counted
for my $e (@events) {
    if ($e->[0] eq 'table') {
        push @tables, { head => "$e->[1]|$e->[2]", charts => 0, olds => $e->[3] };
        $open = $tables[-1];
    } elsif ($e->[0] eq 'chart') {
        $open->{charts}++ if $open;
        push @charts, $e->[1];
    } else {
        undef $open;
    }
}
print "table\t$_->{head}\t$_->{charts}\t$_->{olds}\n" for @tables;
print "chart\t$_\n" for @charts;
