// The texts of a day (TextResult, or null): the Mass readings, or the saints of the Martyrology.
import { takeLeadingHeading } from "../dom.js";
import { dayLabel } from "../format.js";
import { notFound, setAnswer, taskLine } from "./common.js";

function dayText({ className, title, nothing }) {
  return (result, { app, value: when, info }) => {
    const label = dayLabel(when);
    if (result === null) {
      setAnswer(nothing.title, notFound(nothing.text(label)));
      return;
    }
    const body = app.markdown(result.text, `prose day-text ${className}`);
    setAnswer(takeLeadingHeading(body) ?? title(label), body, taskLine(result.task, info));
  };
}

export const renderReadings = dayText({
  className: "readings",
  title: (label) => `Mass readings: ${label}`,
  nothing: {
    title: "No readings found",
    text: (label) => `There are no Mass readings for ${label}. Try a date between 1900 and 2199, or words such as “next Sunday”.`,
  },
});

export const renderSaints = dayText({
  className: "saints",
  title: (label) => `Saints of the day: ${label}`,
  nothing: {
    title: "No saints found",
    text: (label) => `The Martyrology has no entry for ${label}. Try a date, or words such as “March 19”.`,
  },
});
