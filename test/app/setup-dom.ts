// DOM matchers for Testing Library (toBeInTheDocument, toHaveAccessibleName, …).
import '@testing-library/jest-dom/jest-globals';
